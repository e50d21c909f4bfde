// Draws the line editor's state: the whole input block is redrawn in one write after each key (cursor moved back
// to the block's first row, erased to the end of the screen, rows written, cursor placed), wrapped in DEC
// synchronized output (mode 2026) so terminals that support it never show a half-drawn block.
import stringWidth from 'string-width'
import { type InputLayout, layoutInput } from './layout.js'
import type { UiStyle } from './style.js'

/** What the view draws. */
export interface PromptState {
  text: string
  cursor: number
  hint?: string | undefined
}

const syncBegin = '\x1b[?2026h'
const syncEnd = '\x1b[?2026l'

/** Cuts plain text to a width (for hints and the placeholder, which must stay on one row). */
export function fitWidth(s: string, width: number): string {
  if (stringWidth(s) <= width) return s
  let out = ''
  for (const ch of s) {
    if (stringWidth(out + ch) > width - 1) break
    out += ch
  }
  return `${out.trimEnd()}…`
}

/** The input block on screen. */
export class PromptView {
  /** the cursor's row within the block, as last drawn */
  private cursorRow = 0

  constructor(
    private readonly write: (s: string) => void,
    private readonly style: UiStyle,
    private readonly markers: { prompt: string; continuation: string },
    /** dim text shown in an empty input */
    private readonly placeholder = '',
  ) {}

  /** Redraws the block for `state` at the current width. */
  draw(state: PromptState, columns: number): void {
    const layout = layoutInput(state.text, state.cursor, { ...this.markers, columns })
    let out = syncBegin + this.rewind()
    out += this.rows(layout)
    let below = layout.rows.length - 1
    if (state.text === '' && this.placeholder) {
      const room = columns - stringWidth(this.markers.prompt) - 1
      if (room > 8) out += this.style.dim(fitWidth(this.placeholder, room))
    }
    if (state.hint) {
      for (const h of state.hint.split('\n')) {
        out += `\r\n${this.style.dim(fitWidth(h, columns - 1))}`
        below++
      }
    }
    const up = below - layout.cursorRow
    if (up > 0) out += `\x1b[${up}A`
    out += '\r'
    if (layout.cursorCol > 0) out += `\x1b[${layout.cursorCol}C`
    this.write(out + syncEnd)
    this.cursorRow = layout.cursorRow
  }

  /**
   * Draws the final `state` (without hint or placeholder) and moves below it, so output continues on a fresh line;
   * `suffix` (e.g. a dim ^C) is written after the input's last character.
   */
  finish(state: PromptState, columns: number, suffix = ''): void {
    const layout = layoutInput(state.text, state.text.length, { ...this.markers, columns })
    const out = syncBegin + this.rewind() + this.rows(layout)
    this.write(`${out}${suffix}\r\n${syncEnd}`)
    this.cursorRow = 0
  }

  /** Clears the screen (Ctrl-L); the next draw starts at the top. */
  clearScreen(): void {
    this.write('\x1b[H\x1b[2J')
    this.cursorRow = 0
  }

  private rewind(): string {
    return `${this.cursorRow > 0 ? `\x1b[${this.cursorRow}A` : ''}\r\x1b[J`
  }

  private rows(layout: InputLayout): string {
    const { prompt } = this.markers
    return layout.rows
      .map((r) => {
        const prefix = r.prefix === prompt ? this.style.prompt(r.prefix) : this.style.dim(r.prefix)
        return prefix + r.text
      })
      .join('\r\n')
  }
}
