// The rubric assertion (`type: judge`): another agent of the account grades an answer. It is asked with one user
// message holding the rubric and the answer between tags, and told to reply with one JSON object; its verdict,
// score and reason are kept in the results. The emulator's scripted model grades such a message deterministically
// (src/emulator/completions/model/judge.ts), so the demo judge agent can be tested against.
import { jsonObjectsIn } from './reply-json.js'

/** What the judge said. */
export interface Verdict {
  pass: boolean
  /** 0 to 1 (1 or 0 when the judge gave none) */
  score: number
  reason: string
}

/** The message a judge gets. */
export function judgePrompt(rubric: string, answer: string): string {
  return [
    'Grade the answer below against the rubric.',
    'Reply with one JSON object and nothing else: {"pass": true or false, "score": a number from 0 to 1, "reason": "one sentence"}.',
    '',
    '<rubric>',
    rubric,
    '</rubric>',
    '',
    '<answer>',
    answer,
    '</answer>',
  ].join('\n')
}

/** The verdict in a judge's reply: its first JSON object with a boolean `pass` (a ```json fence is fine). */
export function parseVerdict(reply: string): Verdict | { problem: string } {
  for (const o of jsonObjectsIn(reply)) {
    const pass =
      typeof o.pass === 'boolean' ? o.pass : typeof o.verdict === 'string' ? /^pass/i.test(o.verdict) : undefined
    if (pass === undefined) continue
    const score = typeof o.score === 'number' && o.score >= 0 && o.score <= 1 ? o.score : pass ? 1 : 0
    return { pass, score, reason: typeof o.reason === 'string' ? o.reason : '' }
  }
  const word = /^\s*(PASS|FAIL)\b[:.\s-]*(.*)/is.exec(reply)
  if (word)
    return {
      pass: word[1]!.toUpperCase() === 'PASS',
      score: word[1]!.toUpperCase() === 'PASS' ? 1 : 0,
      reason: word[2]!.trim(),
    }
  return { problem: `the judge's reply holds no verdict: ${reply.replace(/\s+/g, ' ').trim().slice(0, 200)}` }
}
