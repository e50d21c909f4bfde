// `--mcp '<command args…>'`: the command line of a local MCP server, split into argv the way a POSIX shell splits
// words (quotes and backslashes; IEEE 1003.1 §2.2), but never run through a shell: no expansion, no redirection.
import { UsageError } from '../errors.js'

/** How a caller other than `--mcp` words its errors, and whether unquoted shell operators are refused. */
interface SplitOptions {
  /** the hint of an unclosed quote or an empty line (default: an `--mcp` example) */
  hint?: string
  /** the error for an unquoted | & ; < > ( ) $ ` (default: kept as a character) */
  operator?: (op: string) => UsageError
}

/** Unquoted, these mean a shell: a caller that runs without one may refuse them (SplitOptions.operator). */
const shellOperators = '|&;<>()$`'

/** Splits a command line into words; a usage error for an unclosed quote or an empty line. */
export function splitCommandLine(line: string, label: string, opts: SplitOptions = {}): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word += c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i]
      else word += c
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (opts.operator && shellOperators.includes(c)) {
      throw opts.operator(c)
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote)
    throw new UsageError(
      `${label}: unclosed ${quote} quote`,
      opts.hint ?? `e.g. --mcp 'npx -y some-mcp-server --flag "a b"'`,
    )
  if (inWord) words.push(word)
  if (words.length === 0)
    throw new UsageError(`${label}: no command`, opts.hint ?? `e.g. --mcp 'npx -y some-mcp-server'`)
  return words
}
