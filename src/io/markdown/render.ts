// Rendering of a whole markdown text (non-streamed answers, /save previews, transcript replay) with the same block
// renderer the stream uses, so a streamed answer ends up on screen exactly as this renders it.
import { BlockRenderer, type BlockContext } from './blocks.js'
import type { Glyphs } from '../glyphs.js'
import type { Highlighter } from './highlight.js'
import { type ColorOption, createTheme } from './theme.js'
import { sanitizeLine } from './width.js'

/** Options of the markdown renderers. */
export interface RenderOptions {
  /** terminal width in columns */
  width: number
  /** colour on, off, or a chalk level */
  color: ColorOption
  /** highlight code blocks (default true; needs colour) */
  highlight?: boolean
  /** a loaded highlighter (see loadHighlighter); without one, renderMarkdown leaves code unhighlighted */
  highlighter?: Highlighter
  /** links as OSC 8 hyperlinks rather than text followed by the URL (default false) */
  hyperlinks?: boolean
  /** the drawing characters (default Unicode; src/io/glyphs.ts has the ASCII ones for a non-UTF-8 locale) */
  glyphs?: Glyphs
}

/** The block renderer settings for options. */
export function blockContext(opts: RenderOptions): BlockContext {
  return {
    width: Number.isFinite(opts.width) && opts.width >= 1 ? Math.floor(opts.width) : 80,
    theme: createTheme(opts.color, opts.hyperlinks, opts.glyphs),
    highlight: opts.highlight ?? true,
    highlighter: opts.highlighter,
  }
}

/** Renders a whole markdown text for the terminal; every row ends in a newline. */
export function renderMarkdown(text: string, opts: RenderOptions): string {
  const blocks = new BlockRenderer(blockContext(opts))
  const lines = text.split('\n')
  let out = ''
  lines.forEach((raw, i) => {
    const line = sanitizeLine(raw)
    // Text after the last newline is a line only if something visible is left of it (the stream agrees).
    if (i < lines.length - 1 || line !== '') out += blocks.feed(line).commit
  })
  return out + blocks.finish()
}
