// The message a user typed on the command line: `-m <text>` or the words after the agent (`agentry chat ag_1 hello
// there`, `agentry a2a send ag_1 hello there`), never both. `chat` and `a2a send` read it the same way here.
import { UsageError } from '../errors.js'

/** `-m <text>` or the words joined by spaces; undefined when neither is given (or `-m -`: the message is on stdin). */
export function typedMessage(message: string | undefined, words: readonly string[]): string | undefined {
  if (message !== undefined && words.length > 0)
    throw new UsageError(
      `the message is given twice: -m and the words "${words.join(' ')}"`,
      'give it as words after the agent id or with -m, not both',
    )
  const typed = message !== undefined && message !== '-' ? message : words.join(' ') || undefined
  if (typed !== undefined && typed.trim() === '') throw new UsageError('-m: the message is empty')
  return typed
}
