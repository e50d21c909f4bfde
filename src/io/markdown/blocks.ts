// The block state machine shared by the streaming and the whole-text renderers. It takes complete lines and says
// what to commit; a line that may be a table's header, and the rows of a table, are held back (the stream keeps
// them on screen raw) until the table's end is known, because column widths depend on every row.
import { contextLines, fenceLanguage, type Highlighter } from './highlight.js'
import { LineRenderer } from './lines.js'
import { delimiterRow, drawTable, hasPipe, splitRow, type TableState } from './table.js'
import type { Theme } from './theme.js'

/** Settings shared by a renderer's parts; `highlighter` may arrive later (loaded on the first code block). */
export interface BlockContext {
  width: number
  theme: Theme
  highlight: boolean
  highlighter?: Highlighter | undefined
  /** called when a code block opens, so the stream can load the highlighter and the language's grammar */
  onCode?: (lang: string) => void
}

/** What feeding a line produced: text to commit, and how many of the last lines fed stay held back, raw. */
export interface Step {
  commit: string
  keep: number
}

interface CodeState {
  marker: string
  indent: number
  lang: string
  recent: string[]
}

/** Indentation every code line gets, on top of its fence's (the raw echo of a code line uses it too). */
export const codeIndent = '  '

/** Turns complete lines into committed output, holding table lines until the table is complete. */
export class BlockRenderer {
  private readonly lines: LineRenderer
  private code: CodeState | undefined
  private table: TableState | undefined
  private candidate: { line: string; out: string; at: number } | undefined
  /** raw lines held back */
  private held = 0

  constructor(private readonly ctx: BlockContext) {
    this.lines = new LineRenderer(ctx.width, ctx.theme)
  }

  /** Inside a code block (lines are echoed indented like code). */
  get inCode(): boolean {
    return this.code !== undefined
  }

  private codeLine(line: string): string {
    const c = this.code!
    const close = /^ *(`{3,}|~{3,})\s*$/.exec(line)
    if (close && close[1]![0] === c.marker[0] && close[1]!.length >= c.marker.length) {
      this.code = undefined
      return `${this.ctx.theme.dim(line.trimEnd())}\n`
    }
    const text = line.slice(Math.min(c.indent, line.length - line.trimStart().length))
    c.recent.push(text)
    if (c.recent.length > contextLines) c.recent.shift()
    if (text === '') return '\n'
    const lit = this.ctx.highlight ? this.ctx.highlighter?.line(c.recent, c.lang, this.ctx.theme) : undefined
    return `${' '.repeat(c.indent)}${codeIndent}${lit ?? text}\n`
  }

  /** A line outside tables: rendered, or held when it may be a table header. */
  private text(line: string): Step {
    const r = this.lines.render(line)
    if (r.fence) {
      const lang = fenceLanguage(r.fence.info)
      this.code = { marker: r.fence.marker, indent: r.fence.indent, lang, recent: [] }
      this.ctx.onCode?.(lang)
    }
    if (r.tableAt !== undefined && hasPipe(line)) {
      this.candidate = { line, out: r.out, at: r.tableAt }
      this.held = 1
      return { commit: '', keep: 1 }
    }
    return { commit: r.out, keep: 0 }
  }

  /** Feeds one complete line (sanitized, without its newline). */
  feed(line: string): Step {
    if (this.code) return { commit: this.codeLine(line), keep: 0 }
    if (this.table) {
      if (line.trim() !== '' && hasPipe(line)) {
        this.table.rows.push(splitRow(line.trim()))
        return { commit: '', keep: ++this.held }
      }
      const drawn = drawTable(this.table, this.ctx.width, this.ctx.theme, true)
      this.table = undefined
      this.held = 0
      const next = this.text(line)
      return { commit: drawn + next.commit, keep: next.keep }
    }
    const cand = this.candidate
    if (cand) {
      const header = splitRow(cand.line.trim())
      const aligns = delimiterRow(line.trim())
      this.candidate = undefined
      if (aligns && aligns.length === header.length) {
        this.table = { indent: cand.at, header, aligns, rows: [] }
        this.held = 2
        return { commit: '', keep: 2 }
      }
      this.held = 0
      const next = this.text(line)
      return { commit: cand.out + next.commit, keep: next.keep }
    }
    return this.text(line)
  }

  /** Draws what is held now, without ending an open table (its later rows keep the column widths). */
  flush(): string {
    this.held = 0
    if (this.candidate) {
      const out = this.candidate.out
      this.candidate = undefined
      return out
    }
    return this.table ? drawTable(this.table, this.ctx.width, this.ctx.theme, false) : ''
  }

  /** Ends the document: draws held lines and closes an open table; an unclosed code block just ends. */
  finish(): string {
    const out = this.candidate
      ? this.flush()
      : this.table
        ? drawTable(this.table, this.ctx.width, this.ctx.theme, true)
        : ''
    this.table = undefined
    this.code = undefined
    this.held = 0
    return out
  }
}
