// Markdown for the terminal: a stream renderer for live answers and a whole-text renderer that agrees with it.
export { type Highlighter, loadHighlighter } from './highlight.js'
export { type RenderOptions, renderMarkdown } from './render.js'
export { createMarkdownStream, type MarkdownStream, type MarkdownStreamOptions } from './stream.js'
export type { ColorOption } from './theme.js'
