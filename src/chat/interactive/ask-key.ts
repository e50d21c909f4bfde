// A question at the chat's prompt answered by one key (the terminal stays raw and owned by the chat): a tool call's
// approval (tool-approval.ts) and /attach's offer to turn a chat stateful (commands.ts).
import type { Key } from './keys.js'
import type { Terminal } from './terminal.js'

/** Keys that answer with the refusal: Enter (the default), Escape, Ctrl-C, a hang-up. */
const refuses = new Set<Key['name']>(['enter', 'escape', 'interrupt', 'hangup'])

/**
 * Waits for a key among `answers` (a letter, any case) or a refusing key (then `refusal`); other keys are ignored.
 * An aborted `signal` answers `refusal`.
 */
export async function askOneKey<T>(
  term: Terminal,
  answers: Readonly<Record<string, T>>,
  refusal: T,
  signal?: AbortSignal,
): Promise<T> {
  const aborted = new Promise<Key>((resolve) => {
    if (signal?.aborted) resolve({ name: 'interrupt' })
    signal?.addEventListener('abort', () => resolve({ name: 'interrupt' }), { once: true })
  })
  for (;;) {
    const k = await Promise.race([term.nextKey(), aborted])
    const text = k.name === 'text' ? k.text.trim().toLowerCase() : ''
    if (Object.hasOwn(answers, text)) return answers[text] as T
    if (refuses.has(k.name)) return refusal
  }
}

/** Asks a yes/no question; no is the default (Enter). */
export async function askYesNo(
  term: Terminal,
  ui: (s: string) => void,
  question: string,
  prompt: string,
): Promise<boolean> {
  ui(`${question} [y/N] ${prompt} `)
  const yes = await askOneKey(term, { y: true, n: false }, false)
  ui(`${yes ? 'yes' : 'no'}\n`)
  return yes
}
