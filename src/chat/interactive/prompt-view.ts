// Draws the line editor's state: the whole input block is redrawn in one write after each key (cursor moved back
// to the block's first row, each row written over the old one and erased to its end, the rest of the screen erased
// below the last, cursor placed), wrapped in DEC synchronized output (mode 2026) so terminals that support it never
// show a half-drawn block. Rows are overwritten rather than the screen erased first: erasing from the screen's top
// left corner makes tmux (scroll-on-clear) and some terminals push the whole screen into the scrollback.
import stringWidth from 'string-width'
import { type InputLayout, layoutInput, rowsAboveCursor } from './layout.js'
import type { UiStyle } from './style.js'

/** What the view draws. */
export interface PromptState {
  text: string
  cursor: number
  hint?: string | undefined
  /** the labels of folded pastes, by the character that stands for each in `text` */
  folds?: ReadonlyMap<string, string> | undefined
}

// Terminal modes, cursor movement and erasing, not colours (those come from the UiStyle, src/io/palette.ts), so
// they stay written out here.
const syncBegin = '\x1b[?2026h'
const syncEnd = '\x1b[?2026l'
/** the end of a row but the last: what is left of the old row erased, then the next row */
const rowEnd = '\x1b[K\r\n'
/** after the last row: the rest of it and every row below erased (what a longer block left) */
const eraseBelow = '\x1b[J'

/** Cuts plain text to a width (for hints and the placeholder, which must stay on one row). */
export function fitWidth(s: string, width: number, ellipsis = '…'): string {
  if (stringWidth(s) <= width) return s
  const room = width - stringWidth(ellipsis)
  let out = ''
  for (const ch of s) {
    if (stringWidth(out + ch) > room) break
    out += ch
  }
  return `${out.trimEnd()}${ellipsis}`
}

/** The input block on screen. */
export class PromptView {
  /** the block as last drawn: each row's width, the cursor's place, and the width it was drawn for */
  private drawn: { widths: number[]; row: number; col: number; columns: number } | undefined

  constructor(
    private readonly write: (s: string) => void,
    private readonly style: UiStyle,
    private readonly markers: { prompt: string; continuation: string },
    /** dim text shown in an empty input */
    private readonly placeholder = '',
  ) {}

  /**
   * Redraws the block for `state` at the current width. With the terminal's height `rows`, a block taller than the
   * screen is drawn as the rows around the cursor that fit: rows that scrolled into the
   * scrollback can never be moved back to and erased, so drawing them would leave a second copy there at each
   * redraw. The window's edge rows then count the rows out of view (unless the cursor is on them). finish() prints
   * the whole input once.
   */
  draw(state: PromptState, columns: number, rows?: number): void {
    // One column is left free: a row that fills the width would be marked soft-wrapped and joined on a resize.
    const layout = layoutInput(state.text, state.cursor, { ...this.markers, columns: columns - 1, labels: state.folds })
    const lines = this.rowTexts(layout)
    const widths = layout.rows.map((r) => stringWidth(r.prefix + r.text))
    if (state.text === '' && this.placeholder) {
      const room = columns - stringWidth(this.markers.prompt) - 1
      if (room > 8) {
        const text = fitWidth(this.placeholder, room, this.style.glyphs.ellipsis)
        lines[0] += this.style.dim(text)
        widths[0] = (widths[0] ?? 0) + stringWidth(text)
      }
    }
    if (state.hint) {
      for (const h of state.hint.split('\n')) {
        const text = fitWidth(h, columns - 1, this.style.glyphs.ellipsis)
        lines.push(this.style.dim(text))
        widths.push(stringWidth(text))
      }
    }
    const height = rows !== undefined && rows >= 1 ? Math.floor(rows) : lines.length
    // the first row shown: the cursor's row stays in view, and the end of the input when the cursor is there
    const first = lines.length > height ? Math.min(layout.cursorRow, lines.length - height) : 0
    const shown = Math.min(lines.length, height)
    const row = layout.cursorRow - first
    const visible = lines.slice(first, first + shown)
    const visibleWidths = widths.slice(first, first + shown)
    const count = (i: number, hidden: number, where: string) => {
      const { ellipsis } = this.style.glyphs
      const text = fitWidth(`${ellipsis} ${hidden} more rows ${where}`, columns - 1, ellipsis)
      visible[i] = this.style.dim(text)
      visibleWidths[i] = stringWidth(text)
    }
    if (first > 0 && row > 0) count(0, first + 1, 'above')
    const below = lines.length - first - shown
    if (below > 0 && row < shown - 1) count(shown - 1, below + 1, 'below')
    let out = syncBegin + this.rewind(columns) + visible.join(rowEnd) + eraseBelow
    const up = shown - 1 - row
    if (up > 0) out += `\x1b[${up}A`
    out += '\r'
    if (layout.cursorCol > 0) out += `\x1b[${layout.cursorCol}C`
    this.write(out + syncEnd)
    this.drawn = { widths: visibleWidths, row, col: layout.cursorCol, columns }
  }

  /**
   * Draws the final `state` (without hint or placeholder) and moves below it, so output continues on a fresh line;
   * `suffix` (e.g. a dim ^C) is written after the input's last character.
   */
  finish(state: PromptState, columns: number, suffix = ''): void {
    const layout = layoutInput(state.text, state.text.length, {
      ...this.markers,
      columns: columns - 1,
      labels: state.folds,
    })
    const out = syncBegin + this.rewind(columns) + this.rowTexts(layout).join(rowEnd)
    this.write(`${out}${suffix}${eraseBelow}\r\n${syncEnd}`)
    this.drawn = undefined
  }

  /** Clears the screen (Ctrl-L); the next draw starts at the top. */
  clearScreen(): void {
    this.write('\x1b[H\x1b[2J')
    this.drawn = undefined
  }

  /** Moves to the start of the block's first row. */
  private rewind(columns: number): string {
    const d = this.drawn
    const up = d ? rowsAboveCursor(d.widths, d, d.columns, columns) : 0
    return `${up > 0 ? `\x1b[${up}A` : ''}\r`
  }

  /** Each row of the input as drawn: its marker styled, then its text. */
  private rowTexts(layout: InputLayout): string[] {
    const { prompt } = this.markers
    return layout.rows.map(
      (r) => (r.prefix === prompt ? this.style.prompt(r.prefix) : this.style.dim(r.prefix)) + r.text,
    )
  }
}
