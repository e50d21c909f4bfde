// Output of data to stdout in the chosen format: table on a TTY, TSV when piped, or json/ndjson/yaml
// (ARCHITECTURE.md "Output"). JSON is identical with and without a TTY. Nothing but data goes to stdout. What a
// terminal shows goes through the sanitiser (sanitize.ts): tables and item views always, YAML and TSV on a TTY.
import { cjsExports } from './cjs.js'
import { type IOStreams, writeAll } from './iostreams.js'
import { sanitize, sanitizeText, stringifyJson } from '../text/sanitize.js'

/** The formats of `-o, --output`. */
export const outputFormats = ['table', 'json', 'ndjson', 'yaml', 'tsv'] as const
export type OutputFormat = (typeof outputFormats)[number]

/** A column of table and TSV output. */
export interface Field<T = Record<string, unknown>> {
  /** header shown in tables */
  header: string
  /** the value, from the item */
  get: (item: T) => unknown
  /**
   * The column holds ids, the row's own or one it refers to (SCENARIO, AGENT): never cut, since a cut id cannot be
   * copied into the next command. A header that is ID or ends in ID is one without saying so.
   */
  id?: boolean
}

/**
 * The one rule for what a column is called (gh's: a table's columns are its JSON fields): a column shows the value at
 * a path of the item exactly as `--json` prints it, and its header is that path in capitals. So the DATA.TITLE
 * column of `cms query` is `.data.title` for `--jq`, and a data field named like a record member is DATA.PUBLISHEDAT
 * beside the record's own PUBLISHEDAT (docs/commands.md "Output").
 */
export function pathField<T>(path: string): Field<T> {
  return { header: path.toUpperCase(), get: (item) => valueAt(item, path) }
}

/** The value at a dotted path (`author.name`) inside an object. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur = obj
  for (const seg of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[seg]
  }
  return cur
}

/**
 * A number for a person: as it is, unless it carries more than 6 decimals (an average, float noise such as
 * 0.30000000000000004), then rounded to 4. JSON, NDJSON and YAML keep the exact number.
 */
function readableNumber(v: number): string {
  const s = String(v)
  const decimals = /\.(\d+)$/.exec(s)?.[1]?.length ?? 0
  return decimals > 6 ? String(Number(v.toFixed(4))) : s
}

/** Turns a value into one table/TSV cell. */
function cell(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number') return readableNumber(v)
  if (typeof v === 'boolean') return String(v)
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.join(',')
  return JSON.stringify(v)
}

/** TSV escaping: tabs, newlines and backslashes become \t, \n and \\ so each row stays one line. */
export function tsvEscape(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\r?\n/g, '\\n').replace(/\r/g, '\\r')
}

/**
 * The final-newline rule of every command (commands.md "Output"): text a command prints ends with a newline, so that
 * `$(…)`, `read`, `wc -l` and a shell prompt after it see whole lines. A value printed alone is a line (an empty
 * one included): endLine. Text printed in pieces (chat's streamed answer) ends with one once it is done, when
 * something was printed and did not end with one: FinalNewline (a piped answer cut short stays as it arrived). Bytes that are a file's content (`files download`,
 * `images generate --out -`) are not text output and stay exact; `chat --no-final-newline` keeps the answer exact.
 */
export const endLine = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`)

/** The final newline of text printed in pieces: note() each piece as it is written, then write end(). */
export class FinalNewline {
  private last = ''
  /** has any text been printed? */
  get printed(): boolean {
    return this.last !== ''
  }
  note(piece: string): void {
    if (piece !== '') this.last = piece.slice(-1)
  }
  /** '\n' when text was printed and did not end with one, else '' */
  end(): string {
    return this.last === '' || this.last === '\n' ? '' : '\n'
  }
}

/** YAML text of a value; the yaml package loads only when YAML is asked for. */
async function yaml(value: unknown): Promise<string> {
  return cjsExports(await import('yaml')).stringify(value)
}

/**
 * `--jq`: turns the JSON text a command would print into what is printed instead (src/io/jq.ts), given to `write`
 * as it comes (whole lines).
 */
export type JsonFilter = (json: string, write: (text: string) => Promise<void>) => Promise<void>

/** Writes data to stdout in one format. */
export class Output {
  constructor(
    private readonly io: IOStreams,
    readonly format: OutputFormat,
    /** with --jq (the format is then json): every JSON value printed goes through it, whole */
    private readonly filter?: JsonFilter,
  ) {}

  /** The default format: table on a terminal, TSV when piped. */
  static defaultFormat(io: IOStreams): OutputFormat {
    return io.stdoutIsTTY ? 'table' : 'tsv'
  }

  /** Prints a list; `items` may be an async iterable (pages streamed as they arrive, for --all). */
  async list<T>(items: Iterable<T> | AsyncIterable<T>, fields: Field<T>[]): Promise<number> {
    let n = 0
    const out = this.io.stdout
    if (this.filter) {
      // jq sees the whole list, as one JSON array
      const all: T[] = []
      for await (const item of items) all.push(item)
      await this.filtered(all)
      return all.length
    }
    switch (this.format) {
      case 'json': {
        // Streamed as a JSON array so --all over many pages never holds every item as text at once. Nothing is
        // written before the first item: that is, until the first page has been read and checked, so a list that
        // fails leaves stdout empty instead of a lone `[`.
        const json = await this.jsonText()
        for await (const item of items) await writeAll(out, `${n++ ? ',' : '['}\n  ${json(stringifyJson(item))}`)
        await writeAll(out, n ? '\n]\n' : '[]\n')
        return n
      }
      case 'ndjson':
        for await (const item of items) {
          await writeAll(out, `${stringifyJson(item)}\n`)
          n++
        }
        return n
      case 'yaml': {
        const all: T[] = []
        for await (const item of items) all.push(item)
        await writeAll(out, all.length ? this.onTerminal(await yaml(all)) : '[]\n')
        return all.length
      }
      case 'tsv':
        for await (const item of items) {
          await writeAll(out, `${fields.map((f) => this.tsvCell(cell(f.get(item)))).join('\t')}\n`)
          n++
        }
        return n
      default: {
        const rows: string[][] = []
        for await (const item of items) rows.push(fields.map((f) => sanitize(cell(f.get(item)).replace(/\s+/g, ' '))))
        await writeAll(
          out,
          await renderTable(
            fields.map((f) => ({ header: f.header, id: f.id ?? isIdHeader(f.header) })),
            rows,
            this.io,
          ),
        )
        return rows.length
      }
    }
  }

  /** Prints one object: key/value lines on a table or TSV, the whole object otherwise. */
  async item<T>(item: T, fields?: Field<T>[]): Promise<void> {
    const out = this.io.stdout
    if (this.filter) return this.filtered(item)
    switch (this.format) {
      case 'json':
        return writeAll(out, `${(await this.jsonText())(stringifyJson(item, 2))}\n`)
      case 'ndjson':
        return writeAll(out, `${stringifyJson(item)}\n`)
      case 'yaml': {
        return writeAll(out, this.onTerminal(await yaml(item)))
      }
      default: {
        const pairs: [string, string][] = fields
          ? fields.map((f) => [f.header.toLowerCase(), cell(f.get(item))])
          : Object.entries(item as Record<string, unknown>).map(([k, v]) => [k, cell(v)])
        if (this.format === 'tsv')
          return writeAll(out, pairs.map(([k, v]) => `${this.tsvCell(k)}\t${this.tsvCell(v)}\n`).join(''))
        for (const p of pairs) {
          p[0] = sanitize(p[0])
          p[1] = sanitizeText(p[1])
        }
        const w = Math.max(0, ...pairs.map(([k]) => k.length))
        const bold = await boldOn(this.io)
        return writeAll(out, pairs.map(([k, v]) => `${bold(k.padEnd(w))}  ${v}\n`).join(''))
      }
    }
  }

  /** How JSON text is shown: coloured on a colour terminal (pretty, as jq does), exactly as piped otherwise. */
  private async jsonText(): Promise<(text: string) => string> {
    if (!this.io.colorStdout()) return (text) => text
    return (await import('./json-color.js')).colorJson
  }

  /** Prints a bare string value followed by a newline (for `config get`, `scenario sign`, …). */
  async text(s: string): Promise<void> {
    if (this.filter) return this.filtered(s)
    if (this.format === 'json' || this.format === 'ndjson') return writeAll(this.io.stdout, `${stringifyJson(s)}\n`)
    return writeAll(this.io.stdout, endLine(this.onTerminal(s)))
  }

  /** A value through the --jq filter; what jq prints is text from the service: sanitised on a terminal. */
  private async filtered(value: unknown): Promise<void> {
    await this.filter!(stringifyJson(value), (text) => writeAll(this.io.stdout, this.onTerminal(text)))
  }

  /** Text as a terminal may show it: sanitised on a TTY (LF and TAB kept), exact when piped. */
  private onTerminal(text: string): string {
    return this.io.stdoutIsTTY ? sanitizeText(text) : text
  }

  /** One TSV cell: escaped, and sanitised too on a TTY. */
  private tsvCell(v: string): string {
    const t = tsvEscape(v)
    return this.io.stdoutIsTTY ? sanitize(t) : t
  }
}

/** Bold on stdout when it has colour; the palette (and chalk) loads only then, never on a piped start-up path. */
async function boldOn(io: IOStreams): Promise<(s: string) => string> {
  return io.colorStdout() ? (await import('./palette.js')).palette(true).bold : (s) => s
}

/** An id column by its header (ID, AGENT ID, …); others say so with `id: true`. */
const isIdHeader = (h: string) => /(^|\s|_)ID$/i.test(h)

/** The narrowest a column that is not an id is shrunk to before columns are left out. */
const minColumn = 8

/**
 * Aligned columns with a header, fitted to the width (the terminal's; when piped, COLUMNS or unbounded), as gh
 * does: ids are never cut; the widest other column shrinks first, down to 8; when even that is too wide, the last
 * columns that are not ids are left out (rightmost first), so that no row wraps. Only ids wider than the terminal
 * can still overflow it.
 */
async function renderTable(
  columns: { header: string; id: boolean }[],
  rows: string[][],
  io: IOStreams,
): Promise<string> {
  if (rows.length === 0) return ''
  const { default: stringWidth } = await import('string-width')
  const natural = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => stringWidth(r[i] ?? ''))))
  const max = io.stdoutIsTTY ? io.columns() : (io.pipedColumns?.() ?? io.columns())
  const shown = columns.map((_, i) => i)
  let widths = fitWidths(shown, natural, columns, max)
  while (widths === undefined) {
    const last = shown.findLastIndex((i, at) => at > 0 && !columns[i]!.id)
    if (last === -1) {
      widths = shown.map((i) => (columns[i]!.id ? natural[i]! : Math.min(natural[i]!, minColumn)))
      break
    }
    shown.splice(last, 1)
    widths = fitWidths(shown, natural, columns, max)
  }
  const fitCell = (s: string, w: number) => {
    const sw = stringWidth(s)
    if (sw <= w) return s + ' '.repeat(w - sw)
    let out = ''
    for (const ch of s) {
      if (stringWidth(out + ch) > w - 1) break
      out += ch
    }
    return `${out}…${' '.repeat(Math.max(0, w - 1 - stringWidth(out)))}`
  }
  const line = (cells: string[]) =>
    shown
      .map((i, at) => fitCell(cells[i] ?? '', widths[at] ?? 0))
      .join('  ')
      .trimEnd()
  return [(await boldOn(io))(line(columns.map((c) => c.header))), ...rows.map(line)].join('\n') + '\n'
}

/** The widths of the `shown` columns within `max` (the widest non-id columns shrunk first, down to 8), or undefined. */
function fitWidths(shown: number[], natural: number[], columns: { id: boolean }[], max: number): number[] | undefined {
  const widths = shown.map((i) => natural[i]!)
  const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)
  while (total() > max) {
    const shrinkable = widths.map((w, at) => (columns[shown[at]!]!.id || w <= minColumn ? -1 : w))
    const widest = Math.max(...shrinkable)
    if (widest <= minColumn) return undefined
    const at = shrinkable.indexOf(widest)
    // down to the next widest at most, so that wide columns end up alike rather than one cut to 8
    const next = Math.max(minColumn, ...shrinkable.filter((_, j) => j !== at))
    widths[at] = Math.max(minColumn, Math.min(widest - 1, Math.max(next, widest - (total() - max))))
  }
  return widths
}
