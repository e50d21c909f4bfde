// The simulated user of a `simulate:` case: another agent of the account is told the goal and the
// conversation so far, and replies with what the user says next or that the goal is met. Like the judge (judge.ts) it
// is asked with one user message and told to answer with one JSON object; the emulator's scripted model plays it
// deterministically (src/emulator/completions/model/simulate.ts).
import { jsonObjectsIn } from './reply-json.js'

/** One exchange of a conversation. */
export interface Exchange {
  user: string
  answer: string
}

/** The conversation as text: `user:` and `agent:` paragraphs (what a judge of the whole conversation grades). */
export function transcriptOf(exchanges: readonly Exchange[]): string {
  return exchanges.map((e) => `user: ${e.user}\n\nagent: ${e.answer}`).join('\n\n')
}

/** The message the simulated user gets before each turn. */
export function simulatePrompt(goal: string, exchanges: readonly Exchange[]): string {
  return [
    'You play the user in a conversation with an AI agent, to test the agent. Your goal:',
    '<goal>',
    goal,
    '</goal>',
    '',
    'The conversation so far (empty at the start):',
    '<transcript>',
    transcriptOf(exchanges),
    '</transcript>',
    '',
    'Reply with one JSON object and nothing else: {"done": true} when the goal is met,',
    'else {"message": "what you say to the agent next"}.',
  ].join('\n')
}

/** What the simulated user said: the goal is met, its next message, or why its reply is neither. */
export type NextMove = { done: true } | { message: string } | { problem: string }

/** The move in a reply: its first JSON object with `done: true` or a `message` text; else the plain reply is what the
 * user says (a model that forgot the JSON still plays), and a reply of only "DONE" ends it. */
export function parseMove(reply: string): NextMove {
  for (const o of jsonObjectsIn(reply)) {
    if (o.done === true) return { done: true }
    if (typeof o.message === 'string' && o.message.trim() !== '') return { message: o.message }
  }
  const plain = reply.trim()
  if (/^done\.?$/i.test(plain)) return { done: true }
  if (plain === '' || plain.startsWith('{')) return { problem: `no next message in its reply: ${plain.slice(0, 200)}` }
  return { message: plain }
}
