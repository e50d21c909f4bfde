// How `agentry connect --handler <command>` becomes a program and its arguments: no shell ever runs it
// (docs/connect.md "The handler"). The rule, a small part of POSIX sh word splitting and nothing more:
// - words are split on spaces and tabs;
// - '…' keeps everything inside as it is; "…" too, except that \" and \\ stand for " and \;
// - outside quotes, a backslash keeps the next character as it is;
// - nothing is expanded ($VAR, ~, *, `…`) and nothing is an operator: an unquoted | & ; < > ( ) $ ` is refused,
//   since a user who wrote one meant a shell; put the pipeline in a script, or name the shell: sh -c '…'.
import { UsageError } from '../errors.js'

const operators = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`'])

/** The program and its arguments, or a usage error naming what is wrong. */
export function splitCommand(command: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: "'" | '"' | undefined
  const chars = [...command]
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word += c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === '\\' && (chars[i + 1] === '"' || chars[i + 1] === '\\')) word += chars[++i]
      else word += c
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\') {
      if (i + 1 >= chars.length) throw refused(command, 'it ends with a lone backslash')
      word += chars[++i]
      inWord = true
    } else if (operators.has(c)) {
      throw refused(command, `the unquoted ${c} is a shell operator, and the handler runs without a shell`)
    } else if (c === '\n' || c === '\r') {
      throw refused(command, 'it spans lines')
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw refused(command, `a ${quote} quote is not closed`)
  if (inWord) words.push(word)
  if (words.length === 0) throw refused(command, 'it names no program')
  return words
}

function refused(command: string, why: string): UsageError {
  return new UsageError(
    `--handler ${JSON.stringify(command)}: ${why}`,
    'put pipelines and redirections in a script (--handler ./handler.sh), or name the shell yourself: --handler "sh -c \'tr a-z A-Z | head -c 100\'"',
  )
}
