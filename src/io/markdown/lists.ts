// Nesting of bullet and ordered lists across lines (CommonMark §5.2-5.3, simplified for line-at-a-time output):
// an item indented to its parent's content column or further nests; ordered items count on from the first
// item's number, so `1.` repeated renders 1, 2, 3 as markdown would.
import type { Theme } from './theme.js'
import { textWidth } from './width.js'
import type { Prefix } from './wrap.js'

interface Item {
  /** source column of the marker */
  indent: number
  /** source column of the content */
  content: number
  /** the bullet character or the ordered delimiter: a different one starts a new list (CommonMark §5.3) */
  delim: string
  next: number
  /** rendered column of the content */
  column: number
}

/** How to draw an item's rows. */
export interface ItemLayout {
  first: Prefix
  rest: Prefix
  text: string
}

/** A list item line: indentation, marker (`-`, `*`, `+`, `1.`, `1)`), text. */
export const itemPattern = /^( *)([-*+]|\d{1,9}[.)])( +|$)(.*)$/

/** The open list items, innermost last. */
export class ListStack {
  private items: Item[] = []

  constructor(private readonly theme: Theme) {}

  /** Whether a list is open. */
  get open(): boolean {
    return this.items.length > 0
  }

  /** Closes all lists. */
  reset(): void {
    this.items = []
  }

  /** Lays out a list item at source column `indent` with marker `marker`, gap `gap` and text `text`. */
  item(indent: number, marker: string, gap: string, text: string): ItemLayout {
    let sibling: Item | undefined
    for (let top = this.items.at(-1); top; top = this.items.at(-1)) {
      if (indent >= top.content) break
      this.items.pop()
      if (indent >= top.indent) {
        sibling = top
        break
      }
    }
    const parent = this.items.at(-1)
    const ordered = /\d/.test(marker[0] ?? '')
    const delim = marker.at(-1) ?? ''
    const n = ordered && sibling?.delim === delim ? sibling.next : Number.parseInt(marker, 10)
    const depth = this.items.length
    const { bullets, taskOpen, taskDone } = this.theme.glyphs
    const glyph = ordered ? `${n}${delim}` : (bullets[depth % bullets.length] ?? '*')
    let box = ''
    const task = /^\[([ xX])\] +(.*)$/.exec(text)
    if (task) {
      box = `${task[1] === ' ' ? taskOpen : taskDone} `
      text = task[2] ?? ''
    }
    const lead = parent?.column ?? 0
    const column = lead + textWidth(glyph) + 1 + textWidth(box)
    // Lazy content (`-   text` with a wide gap, or an empty item) still counts from one space after the marker.
    const content = indent + marker.length + (gap.length > 4 || !text ? 1 : gap.length)
    this.items.push({ indent, content, delim, next: ordered ? n + 1 : 0, column })
    return {
      first: { text: `${' '.repeat(lead)}${this.theme.bullet(glyph)} ${box}`, width: column },
      rest: { text: ' '.repeat(column), width: column },
      text,
    }
  }

  /** Rendered column for an indented non-item line inside the list, or undefined when it is not inside. */
  continuation(indent: number): number | undefined {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const it = this.items[i]!
      if (it.indent < indent) return it.column
    }
    return undefined
  }
}
