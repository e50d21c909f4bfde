// Rendering of one complete line outside code blocks and tables: ATX headings, thematic breaks, block quotes,
// list items and their continuation lines, paragraphs (CommonMark §4-5). Each source line is rendered on its own
// and word-wrapped; consecutive paragraph lines are not joined, as a chat answer's line breaks are meant.
import { inlineSegments, type Segment } from './inline.js'
import { itemPattern, ListStack } from './lists.js'
import type { Style, Theme } from './theme.js'
import { indent, type Prefix, wrapSegments } from './wrap.js'

/** What a line turned out to be: rendered rows, or a fence opening a code block. */
export interface LineResult {
  /** rendered rows, each ending in a newline */
  out: string
  /** the opening fence, when the line opens a code block */
  fence?: { marker: string; indent: number; info: string }
  /** when the line could be a table's header row: the column the table would be drawn at */
  tableAt?: number
}

const fencePattern = /^( *)(`{3,}|~{3,})(.*)$/
const headingPattern = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const rulePattern = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const quotePattern = /^ {0,3}> ?/

function styled(segs: Segment[], style: Style): Segment[] {
  return segs.map((g) => ({ text: g.text, style: g.style ? (s: string) => style(g.style!(s)) : style }))
}

/** Renders lines outside code blocks and tables, keeping list nesting across lines. */
export class LineRenderer {
  private readonly lists: ListStack
  private readonly quoteLists: ListStack

  constructor(
    private readonly width: number,
    private readonly theme: Theme,
  ) {
    this.lists = new ListStack(theme)
    this.quoteLists = new ListStack(theme)
  }

  private rows(segs: Segment[], first: Prefix, rest: Prefix = indent(first.width)): string {
    return `${wrapSegments(segs, this.width, first, rest).rows.join('\n')}\n`
  }

  /** Heading, list item or paragraph text after a prefix (the quote gutter, or nothing). */
  private content(text: string, lead: Prefix, lists: ListStack): string {
    const h = headingPattern.exec(text)
    if (h) {
      lists.reset()
      const level = h[1]!.length
      const segs = styled(inlineSegments(h[2] ?? '', this.theme), this.theme.heading(level))
      if (!this.theme.plain) return this.rows(segs, lead, lead)
      const hashes = `${h[1]} `
      const hang = { text: lead.text + ' '.repeat(hashes.length), width: lead.width + hashes.length }
      return this.rows(segs, { text: lead.text + hashes, width: hang.width }, hang)
    }
    const m = itemPattern.exec(text)
    if (m) {
      const it = lists.item(m[1]!.length, m[2]!, m[3]!, m[4]!)
      const join = (p: Prefix): Prefix => ({ text: lead.text + p.text, width: lead.width + p.width })
      return this.rows(inlineSegments(it.text, this.theme), join(it.first), join(it.rest))
    }
    lists.reset()
    return this.rows(inlineSegments(text.trim(), this.theme), lead, lead)
  }

  /** Renders one complete line (sanitized, without its newline). */
  render(line: string): LineResult {
    const text = line.trimEnd()
    const lead = text.length - text.trimStart().length
    if (!quotePattern.test(text)) this.quoteLists.reset()
    if (text === '') return { out: '\n' }
    const f = fencePattern.exec(text)
    if (f && !(f[2]![0] === '`' && f[3]!.includes('`'))) {
      if (this.lists.continuation(lead) === undefined) this.lists.reset()
      return { out: `${this.theme.dim(text)}\n`, fence: { marker: f[2]!, indent: lead, info: f[3]! } }
    }
    if (rulePattern.test(text)) {
      this.lists.reset()
      return { out: `${this.theme.dim(this.theme.glyphs.rule.repeat(this.width))}\n` }
    }
    if (quotePattern.test(text)) {
      let depth = 0
      let rest = text
      for (let m = quotePattern.exec(rest); m; m = quotePattern.exec(rest)) {
        depth++
        rest = rest.slice(m[0].length)
      }
      if (lead === 0) this.lists.reset()
      if (rest.trim() === '') return { out: `${this.theme.dim(`${this.theme.glyphs.bar} `.repeat(depth).trimEnd())}\n` }
      const gutter = { text: this.theme.dim(`${this.theme.glyphs.bar} `.repeat(depth)), width: 2 * depth }
      return { out: this.content(rest, gutter, this.quoteLists) }
    }
    if (headingPattern.test(text) || itemPattern.test(text)) return { out: this.content(text, indent(0), this.lists) }
    const column = lead > 0 ? this.lists.continuation(lead) : undefined
    if (column !== undefined) {
      return { out: this.rows(inlineSegments(text.trim(), this.theme), indent(column)), tableAt: column }
    }
    this.lists.reset()
    // Four columns of indentation outside a list is an indented code block (CommonMark §4.4): shown verbatim.
    if (lead >= 4) return { out: `${text}\n` }
    return { out: this.rows(inlineSegments(text.trim(), this.theme), indent(0)), tableAt: 0 }
  }
}
