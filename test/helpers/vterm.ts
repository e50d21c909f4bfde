// A small virtual terminal for renderer tests: a grid of cells with xterm's autowrap (including the pending-wrap
// state at the right margin), CR, LF (as CR LF, like a tty with onlcr), CUU, CUD, CUF, EL, ED and SGR, and an optional
// viewport height (the cursor cannot move above the top visible row). Widths are per code point via
// string-width, independently of the renderer's own code.
//
// With `clusters` it measures grapheme clusters instead, like kitty, WezTerm or Ghostty: a code point that joins
// the previous cell's cluster (VS16, ZWJ sequences, skin tones, flags) widens that cell to the cluster's width.
//
// It also checks the renderer's promise: rows above a bare LF are committed ("sealed"); a soft break (CR LF) does
// not seal. Any later change to a sealed row is recorded in `rewrites`.
import stringWidth from 'string-width'
import { applySgr } from './vterm-sgr.js'

/** `f` remembering its answer for each string met so far: the terminal asks of every character it draws (property
 * tests draw millions) from a small alphabet, and string-width and the segmenter are costly per call. */
function remembered<V>(f: (s: string) => V): (s: string) => V {
  const answers = new Map<string, V>()
  return (s) => {
    if (!answers.has(s)) answers.set(s, f(s))
    return answers.get(s) as V
  }
}

/** string-width of a string. */
const widthOf = remembered(stringWidth)
const segmenter = new Intl.Segmenter()
/** Whether a string is one grapheme cluster (asked for every non-ASCII character drawn). */
const oneCluster = remembered((s) => [...segmenter.segment(s)].length === 1)

/** A change to a row that had been committed. */
export interface Rewrite {
  row: number
  before: string
}

/** A virtual terminal screen. */
export class VTerm {
  /** cells: undefined never written, '' the right half of a wide character */
  readonly grid: (string | undefined)[][] = [[]]
  /** SGR attributes of each written cell */
  private readonly looks: string[][] = [[]]
  readonly rewrites: Rewrite[] = []
  /** OSC 8 link targets seen */
  readonly links: string[] = []
  row = 0
  col = 0
  private top = 0
  private sealed = 0
  private prev = ''
  private readonly attrs = new Map<string, string>()
  /** look() of `attrs`, until an SGR sequence changes them */
  private currentLook: string | undefined
  /** where the last character was put, while the cursor has not moved otherwise */
  private last: [row: number, col: number] | undefined
  /** times the terminal wrapped a row on its own */
  autowraps = 0

  constructor(
    readonly width: number,
    readonly height = Number.POSITIVE_INFINITY,
    readonly clusters = false,
  ) {}

  /** Interprets terminal output. */
  write(s: string): void {
    let i = 0
    while (i < s.length) {
      const ch = String.fromCodePoint(s.codePointAt(i)!)
      if (ch === '\x1b') {
        i = this.escape(s, i)
        this.prev = ''
        this.last = undefined
        continue
      }
      i += ch.length
      if (ch !== '\r' && ch !== '\n') {
        if (ch.charCodeAt(0) < 0x20 || ch === '\x7f') throw new Error(`control character ${JSON.stringify(ch)}`)
        this.put(ch)
        this.prev = ch
        continue
      }
      this.last = undefined
      if (ch === '\r') this.col = 0
      else if (ch === '\n') {
        if (this.prev !== '\r') this.sealed = Math.max(this.sealed, this.row + 1)
        this.col = 0
        this.down()
      }
      this.prev = ch
    }
  }

  private down(): void {
    this.row++
    if (this.row >= this.top + this.height) this.top++
    while (this.grid.length <= this.row) {
      this.grid.push([])
      this.looks.push([])
    }
  }

  private touch(row: number): void {
    const cells = this.grid[row] ?? []
    if (row < this.sealed && cells.some((c) => c !== undefined)) this.rewrites.push({ row, before: this.rowText(row) })
  }

  private joinCluster(ch: string): boolean {
    if (!this.last) return false
    const [r, c] = this.last
    const prev = this.grid[r]![c]
    if (!prev || !oneCluster(prev + ch)) return false
    const grow = widthOf(prev + ch) - widthOf(prev)
    this.touch(r)
    if (grow <= 0 || c + widthOf(prev + ch) <= this.width) {
      this.grid[r]![c] = prev + ch
      for (let k = 0; k < grow; k++) this.grid[r]![this.col + k] = ''
      this.col += Math.max(0, grow)
      return true
    }
    // The widened cluster no longer fits: it moves to the next row.
    this.grid[r]!.length = c
    this.col = c
    this.last = undefined
    this.put(prev + ch)
    return true
  }

  private put(ch: string): void {
    const cp = ch.codePointAt(0)!
    if (this.clusters && cp >= 0x7f && this.joinCluster(ch)) return
    const w = cp < 0x7f ? 1 : widthOf(ch)
    const cells = () => this.grid[this.row]!
    if (w === 0) {
      const c = cells()
      let at = this.col - 1
      if (at > 0 && c[at] === '') at--
      if (at >= 0 && c[at] !== undefined) {
        this.touch(this.row)
        c[at] += ch
      }
      return
    }
    if (this.col + w > this.width && this.col > 0) {
      this.col = 0
      this.autowraps++
      this.down()
    }
    this.touch(this.row)
    this.last = [this.row, this.col]
    cells()[this.col] = ch
    this.looks[this.row]![this.col] = this.look()
    if (w === 2) cells()[this.col + 1] = ''
    this.col += w
  }

  private escape(s: string, i: number): number {
    if (s[i + 1] === ']') {
      const end = s.slice(i).search(/\x07|\x1b\\/)
      if (end < 0) throw new Error('unterminated OSC')
      const body = s.slice(i + 2, i + end)
      if (body.startsWith('8;')) this.links.push(body.slice(body.indexOf(';', 2) + 1))
      return i + end + (s[i + end] === '\x07' ? 1 : 2)
    }
    const m = /^\x1b\[(\??)([0-9;]*)([A-Za-z])/.exec(s.slice(i, i + 32))
    if (!m) throw new Error(`unknown escape ${JSON.stringify(s.slice(i, i + 8))}`)
    const [all, priv, params, cmd] = m
    const n = params === '' ? [] : params!.split(';').map(Number)
    if (priv === '?' && params === '2026' && (cmd === 'h' || cmd === 'l')) return i + all.length
    if (priv) throw new Error(`unknown private mode ${all}`)
    if (cmd === 'A') this.row = Math.max(this.top, this.row - Math.max(1, n[0] ?? 1))
    else if (cmd === 'B')
      this.row = Math.min(this.grid.length - 1, this.top + this.height - 1, this.row + Math.max(1, n[0] ?? 1))
    else if (cmd === 'C') this.col = Math.min(this.width - 1, this.col + Math.max(1, n[0] ?? 1))
    else if (cmd === 'K' && (n[0] ?? 0) === 2) this.eraseRow(this.row, 0)
    else if (cmd === 'K' && (n[0] ?? 0) === 0) this.eraseRow(this.row, this.col)
    else if (cmd === 'J' && (n[0] ?? 0) === 0) {
      this.eraseRow(this.row, this.col)
      for (let r = this.row + 1; r < this.grid.length; r++) this.eraseRow(r, 0)
    } else if (cmd === 'm') {
      applySgr(this.attrs, n)
      this.currentLook = undefined
    } else throw new Error(`unsupported escape ${all}`)
    return i + all.length
  }

  private eraseRow(row: number, from: number): void {
    const cells = this.grid[row]!
    if (cells.slice(from).some((c) => c !== undefined)) this.touch(row)
    cells.length = Math.min(cells.length, from)
    this.looks[row]!.length = Math.min(this.looks[row]!.length, from)
  }

  private look(): string {
    this.currentLook ??= [...this.attrs.values()].sort().join(';')
    return this.currentLook
  }

  /** SGR attributes still switched on (should be none between lines). */
  openAttributes(): string[] {
    return [...this.attrs.keys()]
  }

  /** The screen's text with `{attrs}` marks where the SGR attributes of the cells change. */
  styledText(): string {
    const rows = this.grid.map((cells, r) => {
      let out = ''
      let cur = ''
      cells.forEach((c, i) => {
        const look = c === undefined ? '' : (this.looks[r]![i] ?? '')
        if (c !== '' && look !== cur) {
          out += `{${look}}`
          cur = look
        }
        out += c ?? ' '
      })
      return (cur ? `${out}{}` : out).trimEnd()
    })
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop()
    return rows.join('\n')
  }

  /** A row's text, wide characters once, trailing blanks removed. */
  rowText(row: number): string {
    return (this.grid[row] ?? [])
      .map((c) => c ?? ' ')
      .join('')
      .trimEnd()
  }

  /** The screen's text (whole buffer, scrolled-off rows included), trailing empty rows removed. */
  text(): string {
    const rows = this.grid.map((_, r) => this.rowText(r))
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop()
    return rows.join('\n')
  }
}

/** A fresh terminal of `width` columns after `output`. */
export function screenOf(output: string, width: number, clusters = false): VTerm {
  const t = new VTerm(width, Number.POSITIVE_INFINITY, clusters)
  t.write(output)
  return t
}
