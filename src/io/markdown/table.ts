// GFM tables (https://github.github.com/gfm/#tables-extension-): rows are split on unescaped pipes, the
// delimiter row gives the alignments, and the table is drawn with box characters once its rows are known, columns
// sized to their widest cell and shrunk, wrapping cells, when the table would not fit the terminal.
import { inlineSegments, type Segment, segmentsText } from './inline.js'
import type { Style, Theme } from './theme.js'
import { textWidth } from './width.js'
import { indent, wrapSegments } from './wrap.js'

/** Alignment of a column, from the delimiter row. */
export type Align = 'left' | 'center' | 'right'

/** A table being received: its header, alignments, rows not drawn yet and, once some are drawn, the widths. */
export interface TableState {
  indent: number
  header: string[]
  aligns: Align[]
  rows: string[][]
  widths?: number[]
}

/** Whether a line has an unescaped pipe outside its leading indentation. */
export function hasPipe(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (c === '\\') i++
    else if (c === '|') return true
  }
  return false
}

/** The cells of a row: outer pipes dropped, split on unescaped pipes, trimmed, `\|` turned into `|`. */
export function splitRow(line: string): string[] {
  const cells: string[] = []
  let cur = ''
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (c === '\\' && line[i + 1] === '|') {
      cur += '|'
      i++
    } else if (c === '|') {
      cells.push(cur)
      cur = ''
    } else cur += c
  }
  cells.push(cur)
  if (cells.length > 1 && cells[0]!.trim() === '') cells.shift()
  if (cells.length > 1 && cells[cells.length - 1]!.trim() === '') cells.pop()
  return cells.map((c) => c.trim())
}

/** Alignments of a delimiter row (`| :-- | :-: | --: |`), or undefined when the line is not one. */
export function delimiterRow(line: string): Align[] | undefined {
  if (!hasPipe(line)) return undefined
  const aligns: Align[] = []
  for (const cell of splitRow(line)) {
    const m = /^(:?)-+(:?)$/.exec(cell)
    if (!m) return undefined
    aligns.push(m[1] && m[2] ? 'center' : m[2] ? 'right' : 'left')
  }
  return aligns
}

function fitWidths(natural: number[], avail: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= avail) return natural
  // Water filling: narrow columns keep their width, the wide ones share what is left equally.
  const order = natural.map((_, i) => i).sort((a, b) => natural[a]! - natural[b]!)
  const out = natural.slice()
  let left = avail
  order.forEach((col, k) => {
    const w = Math.max(1, Math.min(natural[col]!, Math.floor(left / (order.length - k))))
    out[col] = w
    left -= w
  })
  return out
}

function pad(s: string, w: number, width: number, align: Align): string {
  const room = Math.max(0, width - w)
  const before = align === 'right' ? room : align === 'center' ? Math.floor(room / 2) : 0
  return ' '.repeat(before) + s + ' '.repeat(room - before)
}

function drawRow(
  cells: Segment[][],
  widths: number[],
  aligns: Align[],
  border: Style,
  lead: string,
  bar: string,
): string {
  const wrapped = widths.map((w, i) => wrapSegments(cells[i] ?? [], w, indent(0), indent(0), true))
  const height = Math.max(1, ...wrapped.map((c) => c.rows.length))
  let out = ''
  for (let r = 0; r < height; r++) {
    const inner = wrapped.map((c, i) => pad(c.rows[r] ?? '', c.widths[r] ?? 0, widths[i]!, aligns[i] ?? 'left'))
    out += `${lead}${border(bar)} ${inner.join(` ${border(bar)} `)} ${border(bar)}\n`
  }
  return out
}

/** Draws the header (the first time) and the rows received so far; `last` closes the table. */
export function drawTable(t: TableState, width: number, theme: Theme, last: boolean): string {
  const n = t.header.length
  const cellsOf = (row: string[]) => t.header.map((_, i) => inlineSegments(row[i] ?? '', theme))
  const head = cellsOf(t.header).map((c) => c.map((g) => ({ text: g.text, style: compose(theme.header, g.style) })))
  const body = t.rows.map(cellsOf)
  const lead = ' '.repeat(t.indent)
  const { bar, rule: line, corners } = theme.glyphs
  const rule = ([l, m, r]: readonly [string, string, string], widths: number[]) =>
    `${lead}${theme.dim(l + widths.map((w) => line.repeat(w + 2)).join(m) + r)}\n`
  let out = ''
  let widths = t.widths
  if (!widths) {
    const natural = t.header.map((_, i) =>
      Math.max(1, ...[head, ...body].map((row) => textWidth(segmentsText(row[i] ?? [])))),
    )
    widths = fitWidths(natural, width - t.indent - (3 * n + 1))
    out += rule(corners.top, widths) + drawRow(head, widths, t.aligns, theme.dim, lead, bar)
    out += rule(corners.middle, widths)
    t.widths = widths
  }
  for (const row of body) out += drawRow(row, widths, t.aligns, theme.dim, lead, bar)
  t.rows = []
  if (last) out += rule(corners.bottom, widths)
  return out
}

function compose(outer: Style, inner: Style | undefined): Style {
  return inner ? (s) => outer(inner(s)) : outer
}
