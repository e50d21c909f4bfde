// The few styles the chat UI uses, from the one palette (src/io/palette.ts), all off when colour is off (NO_COLOR,
// --no-color, not a terminal), so the same code draws the plain and the coloured chat.
import { type Glyphs, unicodeGlyphs } from '../../io/glyphs.js'
import { palette } from '../../io/palette.js'

/** A text style. */
type Paint = (s: string) => string

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
  /** the drawing characters: ASCII where the locale is not UTF-8 (src/io/glyphs.ts) */
  glyphs: Glyphs
}

/** One argument only: chalk joins extra arguments with spaces, and a Paint may be handed to map(). */
const one =
  (style: Paint): Paint =>
  (s) =>
    style(s)

/** The styles, coloured or plain. */
export function createUiStyle(color: boolean, glyphs: Glyphs = unicodeGlyphs): UiStyle {
  const c = palette(color)
  return {
    color,
    prompt: one(c.bold.cyan),
    dim: one(c.dim),
    bold: one(c.bold),
    error: one(c.red),
    ok: one(c.green),
    accent: one(c.cyan),
    warn: one(c.yellow),
    glyphs,
  }
}
