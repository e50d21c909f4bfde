// Where the raw echo of uncommitted text sits on screen. Instead of relying on the terminal's autowrap, the echo
// breaks rows itself (CR LF) one column short of the edge, minus one more column for every code point whose
// width terminals disagree on (see width.ts `uncertain`). The terminal then never wraps on its own, so the row
// count is exact whatever its width tables say, and redrawing can move up exactly that many rows.
import { charWidth, uncertain } from './width.js'

/** The break written inside an echoed line; a bare LF is only ever written to commit rendered output. */
export const softBreak = '\r\n'

/** Tracks the rows and column of the uncommitted region, from its first row. */
export class EchoLayout {
  /** rows below the region's first row where the cursor is */
  row = 0
  private col = 0
  private slack = 0

  constructor(private readonly width: number) {}

  /** Lays out echo text (no newlines), returning it with soft breaks inserted where a row would fill up. */
  place(text: string): string {
    const limit = this.width - 1
    let out = ''
    let start = 0
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      let w = 1
      let u = 0
      let n = 1
      if (c < 0x20 || c >= 0x7f) {
        const cp = text.codePointAt(i)!
        n = cp > 0xffff ? 2 : 1
        w = charWidth(cp)
        u = uncertain(cp) ? 1 : 0
      }
      if (w + u > 0 && this.col > 0 && this.col + this.slack + w + u > limit) {
        out += text.slice(start, i) + softBreak
        start = i
        this.row++
        this.col = 0
        this.slack = 0
      }
      this.col += w
      this.slack += u
      i += n - 1
    }
    return out === '' ? text : out + text.slice(start)
  }

  /** Moves to the start of the next row (after a held line's soft line end). */
  newline(): void {
    this.row++
    this.col = 0
    this.slack = 0
  }

  /** Counts rows of echo text that was laid out from a row's start (a held line written again after a redraw). */
  replay(echo: string): void {
    for (let i = echo.indexOf(softBreak); i >= 0; i = echo.indexOf(softBreak, i + 1)) this.newline()
  }

  /** The position, to undo a placement that would not fit. */
  save(): [number, number, number] {
    return [this.row, this.col, this.slack]
  }

  /** Goes back to a saved position. */
  restore([row, col, slack]: [number, number, number]): void {
    this.row = row
    this.col = col
    this.slack = slack
  }

  /** Forgets the region: what is on screen above is committed. */
  reset(): void {
    this.row = 0
    this.col = 0
    this.slack = 0
  }

  /** Escape sequences that replace the region (from its first row to the cursor) with `text`, see replaceRows. */
  replace(text: string): string {
    return replaceRows(this.row, text)
  }
}

// Cursor movement and erasing (not colours: those come from src/io/palette.ts) are written out here.
/**
 * Goes back `up` rows to the first column (CR, CUU), erases those rows one by one (EL 2, CUD), returns and writes
 * `text`. Not ED: with the cursor at the screen's top-left corner tmux takes it for "clear screen" and moves the
 * rows into its history (option scroll-on-clear). Not erasing per row as the text is drawn either: a rendered row
 * wider than the terminal (a long code line) wraps onto a row that would not be erased first.
 */
function replaceRows(up: number, text: string): string {
  if (up === 0) return `\r\x1b[2K${text}`
  return `\r\x1b[${up}A${'\x1b[2K\x1b[B'.repeat(up)}\x1b[2K\x1b[${up}A${text}`
}
