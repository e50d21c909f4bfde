// Tokens of the `--where` expression language (commands.md, `cms query`).
import { UsageError } from '../api/errors.js'

/** The kinds of token the `--where` language has. */
type TokenKind =
  | 'lparen'
  | 'rparen'
  | 'lbracket'
  | 'rbracket'
  | 'comma'
  | 'symbol'
  | 'string'
  | 'number'
  | 'word'
  | 'end'

/** One token; `pos` is its 0-based offset in the input. */
export interface Token {
  kind: TokenKind
  text: string
  pos: number
  /** The decoded value of a string or number token. */
  value?: string | number
}

/** The whole character (code point) at UTF-16 offset `pos`, never half a surrogate pair; '' past the end. */
function charAt(input: string, pos: number): string {
  const cp = input.codePointAt(pos)
  return cp === undefined ? '' : String.fromCodePoint(cp)
}

/** Characters (code points) in `s`: a column counts what a reader sees, not UTF-16 code units. */
const charCount = (s: string) => [...s].length

/**
 * A syntax error of a `--where` expression (a usage error, exit 2): a 0-based UTF-16 position, a reason and a caret
 * line. The column shown counts code points, so an emoji before the error is one column, not two.
 */
export class WhereSyntaxError extends UsageError {
  readonly position: number
  readonly reason: string
  readonly input: string
  constructor(input: string, position: number, reason: string, label = '--where') {
    const column = charCount(input.slice(0, position)) + 1
    // The input is echoed on the same line so the caret can point into it; tabs and newlines keep the width.
    const head = `${label}: ${reason} at column ${column}: `
    super(`${head}${input.replace(/[\t\r\n]/g, ' ')}\n${' '.repeat(charCount(head) + column - 1)}^`)
    this.name = 'WhereSyntaxError'
    this.position = position
    this.reason = reason
    this.input = input
  }
  /** The 1-based column of the error, in characters (code points). */
  get column(): number {
    return charCount(this.input.slice(0, this.position)) + 1
  }
}

// Pattern sources, compiled per call: a sticky RegExp carries lastIndex, which must not live at module level.
const word = String.raw`[\p{L}_$][\p{L}\p{N}_$-]*(?:\.[\p{L}\p{N}_$-]+)*`
const wordChar = /[\p{L}\p{N}_$.]/u
const single: Record<string, TokenKind> = {
  '(': 'lparen',
  ')': 'rparen',
  '[': 'lbracket',
  ']': 'rbracket',
  ',': 'comma',
}

/** Whether `s` is one bare word (letters, digits, `_`, `$`, `-`, dotted segments such as `items.0.url`). */
export function isBareWord(s: string): boolean {
  return new RegExp(`^${word}$`, 'u').test(s)
}

/** Splits an expression into tokens, ending with an `end` token; throws WhereSyntaxError on a bad character. */
export function tokenize(input: string, label?: string): Token[] {
  const fail = (pos: number, reason: string): never => {
    throw new WhereSyntaxError(input, pos, reason, label)
  }
  const numberPattern = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y
  const symbolPattern = /!=|>=|<=|=|>|</y
  const wordPattern = new RegExp(word, 'uy')
  const matchAt = (re: RegExp, at: number): string | undefined => {
    re.lastIndex = at
    return re.exec(input)?.[0]
  }
  const tokens: Token[] = []
  let pos = 0
  while (pos < input.length) {
    // Whole code points only: indexing by UTF-16 unit would split an emoji and print a lone "\ud83d".
    const c = charAt(input, pos)
    if (/\s/.test(c)) {
      pos++
      continue
    }
    const kind = single[c]
    if (kind) {
      tokens.push({ kind, text: c, pos })
      pos++
      continue
    }
    if (c === '"') {
      let i = pos + 1
      while (i < input.length && input[i] !== '"') i += input[i] === '\\' ? 2 : 1
      if (i >= input.length) fail(pos, 'unterminated string')
      const text = input.slice(pos, i + 1)
      let value: string
      try {
        value = JSON.parse(text) as string
      } catch {
        return fail(pos, 'invalid string: use JSON escapes (\\" \\\\ \\n \\uXXXX) and no raw control characters')
      }
      tokens.push({ kind: 'string', text, pos, value })
      pos = i + 1
      continue
    }
    const num = matchAt(numberPattern, pos)
    if (num !== undefined) {
      const next = charAt(input, pos + num.length)
      if (next !== '' && wordChar.test(next)) fail(pos, `invalid number "${num}${next}"`)
      const value = Number(num)
      if (!Number.isFinite(value)) fail(pos, `number out of range "${num}"`)
      tokens.push({ kind: 'number', text: num, pos, value })
      pos += num.length
      continue
    }
    const text = matchAt(wordPattern, pos) ?? matchAt(symbolPattern, pos)
    if (text !== undefined) {
      tokens.push({ kind: /^[!=<>]/.test(text) ? 'symbol' : 'word', text, pos })
      pos += text.length
      continue
    }
    const hint = c === "'" ? ' (strings go in double quotes)' : ''
    fail(pos, `unexpected character ${JSON.stringify(c)}${hint}`)
  }
  tokens.push({ kind: 'end', text: '', pos: input.length })
  return tokens
}
