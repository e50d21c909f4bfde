// Tokens of the `--where` expression language (commands.md, `cms query`).
import { UsageError } from '../errors.js'

/** The kinds of token the `--where` language has. */
export type TokenKind =
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

/** A syntax error of a `--where` expression (a usage error, exit 2): a 0-based position, a reason and a caret line. */
export class WhereSyntaxError extends UsageError {
  readonly position: number
  readonly reason: string
  readonly input: string
  constructor(input: string, position: number, reason: string, label = '--where') {
    // The input is echoed on the same line so the caret can point into it; tabs and newlines keep the width.
    const head = `${label}: ${reason} at column ${position + 1}: `
    super(`${head}${input.replace(/[\t\r\n]/g, ' ')}\n${' '.repeat(head.length + position)}^`)
    this.name = 'WhereSyntaxError'
    this.position = position
    this.reason = reason
    this.input = input
  }
  /** The 1-based column of the error. */
  get column(): number {
    return this.position + 1
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
    const c = input[pos]!
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
      const next = input[pos + num.length]
      if (next !== undefined && wordChar.test(next)) fail(pos, `invalid number "${num}${next}"`)
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
