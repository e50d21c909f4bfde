// The one colour palette: every colour, bold, dim, italic and underline agentry prints comes from
// a chalk instance made here, one per colour choice. Whether a stream has colour is decided once, in iostreams.ts
// (--no-color, NO_COLOR, FORCE_COLOR, TERM=dumb, TTY); this module only turns that decision into styles.
//
// Importing this module loads chalk. Modules on the start-up path (cli.ts, context.ts, output.ts) import it with
// `await import()` and only when their stream has colour, so `agents list --json` piped never loads chalk
// (test/e2e/palette-startup.test.ts).
import { Chalk, type ChalkInstance, type ColorSupportLevel } from 'chalk'

/** A set of styles: chalk's, all of them the identity when colour is off. */
export type Palette = ChalkInstance

/** A text style: wraps text in SGR codes (or returns it unchanged). */
export type Style = (s: string) => string

/** Colour: off, on (the 16 basic colours) or an explicit chalk level. */
export type ColorOption = boolean | ColorSupportLevel

/**
 * SGR 0 (ECMA-48 8.3.117), which ends every style at once: written when output that may be inside a style is cut
 * short (an aborted answer, the chat leaving). chalk only offers it around text, never bare.
 */
export const resetStyles = '\x1b[0m'

/**
 * The chalk level of a colour option. On means level 1: agentry uses only the 16 named colours, whose codes are the
 * same at every level, so output is identical on every colour terminal.
 */
function colorLevel(color: ColorOption): ColorSupportLevel {
  if (color === true) return 1
  if (color === false) return 0
  return color
}

const palettes = new Map<ColorSupportLevel, Palette>()

/** The palette for a colour choice (one chalk instance per level, made on first use). */
export function palette(color: ColorOption): Palette {
  const level = colorLevel(color)
  let p = palettes.get(level)
  if (!p) {
    p = new Chalk({ level })
    palettes.set(level, p)
  }
  return p
}
