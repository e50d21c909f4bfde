// Styles of the markdown renderer. Everything comes from the one palette (src/io/palette.ts) for the caller's colour
// choice, so tests and NO_COLOR control it; with colour off every style is the identity and the renderer keeps
// a few markdown characters (heading hashes, backticks) so plain text stays readable.
import { type Glyphs, unicodeGlyphs } from '../glyphs.js'
import { type ColorOption, type Palette, palette, type Style } from '../palette.js'

export type { ColorOption, Style } from '../palette.js'

/** Styles used by the block and inline renderers. */
export interface Theme {
  /** no colour: show structure with characters instead */
  readonly plain: boolean
  /** links as OSC 8 hyperlinks instead of text followed by the URL */
  readonly hyperlinks: boolean
  readonly heading: (level: number) => Style
  readonly strong: Style
  readonly em: Style
  readonly del: Style
  readonly code: Style
  readonly link: Style
  readonly url: Style
  readonly dim: Style
  readonly bullet: Style
  readonly header: Style
  /** style of a highlight.js token from its class names, if any */
  readonly syntax: (classes: readonly string[]) => Style | undefined
  /** bullets, rules, quote bars and table borders (ASCII where the locale is not UTF-8) */
  readonly glyphs: Glyphs
}

const id: Style = (s) => s

function syntaxStyles(c: Palette): Record<string, Style> {
  const keyword = c.magenta
  const str = c.green
  const num = c.yellow
  const comment = c.gray
  const name = c.blue
  const type = c.cyan
  return {
    keyword,
    'selector-tag': keyword,
    literal: num,
    number: num,
    string: str,
    regexp: c.red,
    'template-tag': keyword,
    subst: id,
    comment,
    quote: comment,
    doctag: c.gray.italic,
    meta: comment,
    title: name,
    section: c.bold.blue,
    'selector-id': name,
    'selector-class': name,
    built_in: type,
    type,
    class: type,
    symbol: num,
    bullet: num,
    attr: c.cyan,
    attribute: c.cyan,
    variable: c.red,
    'template-variable': c.red,
    addition: c.green,
    deletion: c.red,
    tag: c.gray,
    name: c.red,
    emphasis: c.italic,
    strong: c.bold,
  }
}

/** Builds the theme for a colour choice. */
export function createTheme(color: ColorOption, hyperlinks = false, glyphs: Glyphs = unicodeGlyphs): Theme {
  const c = palette(color)
  const plain = c.level === 0
  const headings: Style[] = [c.bold.underline.magenta, c.bold.magenta, c.bold.cyan, c.bold]
  const syntax = syntaxStyles(c)
  return {
    plain,
    hyperlinks: hyperlinks && !plain,
    heading: (level) => headings[Math.min(level, headings.length) - 1] ?? id,
    strong: c.bold,
    em: c.italic,
    del: c.strikethrough,
    code: c.cyan,
    link: c.blue.underline,
    url: c.dim,
    dim: c.dim,
    bullet: c.cyan,
    header: c.bold,
    // The first class is the token kind (`hljs-title`); later ones refine it (`function_`), so try the first.
    syntax: (classes) => (plain ? undefined : syntax[(classes[0] ?? '').replace(/^hljs-/, '')]),
    glyphs,
  }
}
