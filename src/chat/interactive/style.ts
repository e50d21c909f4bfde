// The few styles the chat UI uses (SGR codes, ECMA-48 8.3.117), all off when colour is off (NO_COLOR, --no-color,
// not a terminal), so the same code draws the plain and the coloured chat.

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
}

const sgr =
  (on: number, off: number): Paint =>
  (s) =>
    s === '' ? s : `\x1b[${on}m${s}\x1b[${off}m`

/** The styles, coloured or plain. */
export function createUiStyle(color: boolean): UiStyle {
  if (!color) {
    const id: Paint = (s) => s
    return { color, prompt: id, dim: id, bold: id, error: id, ok: id, accent: id, warn: id }
  }
  const bold = sgr(1, 22)
  const cyan = sgr(36, 39)
  return {
    color,
    prompt: (s) => bold(cyan(s)),
    dim: sgr(2, 22),
    bold,
    error: sgr(31, 39),
    ok: sgr(32, 39),
    accent: cyan,
    warn: sgr(33, 39),
  }
}
