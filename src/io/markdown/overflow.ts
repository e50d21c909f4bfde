// A raw line taller than the screen cannot be redrawn: the terminal cannot move the cursor above its top row. Such
// a line is split at its last space; the head is rendered and committed as a line of its own and the tail goes on
// as its continuation (same list item, quote or code line), so nothing is duplicated or lost on screen.
import { itemPattern } from './lists.js'

/** Where to split a line too tall for the screen: after its last space past the indentation (or at its end). */
export function splitAt(line: string): number {
  const start = line.length - line.trimStart().length
  const space = line.lastIndexOf(' ')
  return space > start ? space : line.length
}

/** What the continuation of a split line starts with so it is rendered as part of the same block. */
export function continuationOf(head: string, inCode: boolean): string {
  if (inCode) return ''
  const quote = /^(?: {0,3}> ?)+/.exec(head)
  if (quote) return quote[0]
  const item = itemPattern.exec(head)
  if (item) return ' '.repeat(item[1]!.length + item[2]!.length + Math.max(1, item[3]!.length))
  return ' '.repeat(head.length - head.trimStart().length)
}
