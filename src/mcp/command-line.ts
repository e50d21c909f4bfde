// `--mcp '<command args…>'`: the command line of a local MCP server, split into argv the way a POSIX shell splits
// words (quotes and backslashes; IEEE 1003.1 §2.2), but never run through a shell: no expansion, no redirection.
import { UsageError } from '../errors.js'

/** Splits a command line into words; a usage error for an unclosed quote or an empty line. */
export function splitCommandLine(line: string, label: string): string[] {
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
    throw new UsageError(`${label}: unclosed ${quote} quote`, `e.g. --mcp 'npx -y some-mcp-server --flag "a b"'`)
  if (inWord) words.push(word)
  if (words.length === 0) throw new UsageError(`${label}: no command`, `e.g. --mcp 'npx -y some-mcp-server'`)
  return words
}
