// The few styles the chat UI uses, from the one palette (src/io/palette.ts), all off when colour is off (NO_COLOR,
// --no-color, not a terminal), so the same code draws the plain and the coloured chat.
import { palette } from '../../io/palette.js'

/** A text style. */
export type Paint = (s: string) => string

/** The chat UI's styles. */
export interface UiStyle {
  color: boolean
  prompt: Paint
  dim: Paint
  bold: Paint
  error: Paint
  ok: Paint
  accent: Paint
  warn: Paint
}

/** The styles, coloured or plain. */
export function createUiStyle(color: boolean): UiStyle {
  const c = palette(color)
  return {
    color,
    prompt: c.bold.cyan,
    dim: c.dim,
    bold: c.bold,
    error: c.red,
    ok: c.green,
    accent: c.cyan,
    warn: c.yellow,
  }
}
