// The scripted model's tokens: word-ish pieces, each a word, a number or one punctuation mark with the whitespace
// before it. Joining the tokens of a text gives the text back, so streamed deltas concatenate to the whole answer.

const tokenPattern = /\s*[\p{L}\p{N}_]+|\s*[^\s\p{L}\p{N}_]|\s+/gu

/** Splits a text into tokens. */
export function tokenize(text: string): string[] {
  return text.match(tokenPattern) ?? []
}

/** Counts the tokens of a text without keeping them (prompt usage). */
export function countTokens(text: string): number {
  let n = 0
  const re = new RegExp(tokenPattern.source, 'gu')
  while (re.exec(text) !== null) n++
  return n
}
