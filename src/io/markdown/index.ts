// Markdown for the terminal: a stream renderer for live answers and a whole-text renderer that agrees with it.
//
// Use the stream only on a terminal: piped output should be the answer's bytes as they are. Pass the terminal's
// `height` so held text never scrolls out of reach, and a preloaded highlighter (`loadHighlighter()`, started early
// and awaited when needed) for renderMarkdown, which cannot wait for lowlight to load; the stream loads it itself
// on the first code block.
export { type Highlighter, loadHighlighter } from './highlight.js'
export { type RenderOptions, renderMarkdown } from './render.js'
export { createMarkdownStream, type MarkdownStream, type MarkdownStreamOptions } from './stream.js'
export type { ColorOption } from './theme.js'
