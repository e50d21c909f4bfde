// Grapheme-aware text helpers for the line editor: the cursor moves over user-perceived characters (UAX #29
// grapheme clusters, via Intl.Segmenter) and words, never into the middle of an emoji or a combining sequence.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The grapheme clusters of a string. */
export function graphemes(s: string): string[] {
  const out: string[] = []
  for (const { segment } of segmenter.segment(s)) out.push(segment)
  return out
}

/** The index of the grapheme boundary before `i` (0 at the start). */
export function prevBoundary(s: string, i: number): number {
  if (i <= 0) return 0
  // Segment only the current line: keeps the work per key proportional to one line, not the whole input.
  const start = s.lastIndexOf('\n', i - 1) + 1
  if (start === i) return i - 1
  // Segment the whole line: a slice that ends inside a cluster (👍 of 👍🏽) would be segmented differently.
  const end = s.indexOf('\n', i)
  let last = start
  for (const { index } of segmenter.segment(s.slice(start, end < 0 ? s.length : end))) {
    if (start + index >= i) break
    last = start + index
  }
  return last
}

/** The index of the grapheme boundary after `i` (s.length at the end). */
export function nextBoundary(s: string, i: number): number {
  if (i >= s.length) return s.length
  if (s[i] === '\n') return i + 1
  const end = s.indexOf('\n', i)
  const line = s.slice(i, end < 0 ? s.length : end)
  const first = segmenter.segment(line)[Symbol.iterator]().next().value
  return i + (first ? first.segment.length : 1)
}

// Marks (\p{M}) count as word characters so that a word never ends between a letter and its combining accent.
const wordChar = /[\p{L}\p{M}\p{N}_]/u

/** Start of the word before `i` (skipping spaces and punctuation first), as readline's backward-word. */
export function wordStart(s: string, i: number): number {
  let j = i
  while (j > 0 && !wordChar.test(s[j - 1]!)) j--
  while (j > 0 && wordChar.test(s[j - 1]!)) j--
  return j
}

/** End of the word after `i`, as readline's forward-word. */
export function wordEnd(s: string, i: number): number {
  let j = i
  while (j < s.length && !wordChar.test(s[j]!)) j++
  while (j < s.length && wordChar.test(s[j]!)) j++
  return j
}

/** Start of the line (within a multi-line text) that holds index `i`. */
export function lineStart(s: string, i: number): number {
  return i <= 0 ? 0 : s.lastIndexOf('\n', i - 1) + 1
}

/** End of the line that holds index `i` (the index of its newline, or s.length). */
export function lineEnd(s: string, i: number): number {
  const e = s.indexOf('\n', i)
  return e < 0 ? s.length : e
}

/** The start of the grapheme that holds index `i` (i itself at a line's end). */
export function snapBoundary(s: string, i: number): number {
  if (i >= lineEnd(s, i)) return i
  return prevBoundary(s, i + 1)
}

/** The first grapheme boundary at or after index `i`. */
export function ceilBoundary(s: string, i: number): number {
  const b = snapBoundary(s, i)
  return b === i ? i : nextBoundary(s, b)
}
