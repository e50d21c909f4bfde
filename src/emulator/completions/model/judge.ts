// The scripted model as a grader (`agentry test`'s judge assertions, src/evals/judge.ts) and as a JSON answerer, so
// that every assertion kind can be tested against the emulator with answers a test can predict:
//   a message holding <rubric>…</rubric> and <answer>…</answer> → a verdict as one JSON object: each phrase the rubric
//     puts in double quotes must be in the answer (any case), or must not be when "not", "never" or "no" comes just
//     before it; without quoted phrases, any non-empty answer passes. {"pass", "score", "reason"}.
//   "reply in JSON" (or "answer/respond as/with JSON") → {"agent", "words", "said"} about the message, as JSON text.

/** The verdict on a grading request, or undefined when the message is not one. */
export function gradingReply(message: string): string | undefined {
  const rubric = /<rubric>\n?([\s\S]*?)\n?<\/rubric>/.exec(message)?.[1]
  const start = message.indexOf('<answer>')
  const end = message.lastIndexOf('</answer>')
  if (rubric === undefined || start < 0 || end < start) return undefined
  const answer = message
    .slice(start + '<answer>'.length, end)
    .replace(/^\n/, '')
    .replace(/\n$/, '')
    .toLowerCase()
  const checks = [...rubric.matchAll(/(\b(?:not|never|no)\s+(?:\w+\s+){0,2})?"([^"]+)"/gi)].map((m) => ({
    phrase: m[2]!,
    absent: m[1] !== undefined,
  }))
  if (checks.length === 0) {
    const pass = answer.trim() !== ''
    return JSON.stringify({
      pass,
      score: pass ? 1 : 0,
      reason: pass ? 'the answer is not empty' : 'the answer is empty',
    })
  }
  const met = checks.map((c) => answer.includes(c.phrase.toLowerCase()) !== c.absent)
  const said = checks.map((c, i) =>
    c.absent
      ? `${met[i] ? 'does not mention' : 'mentions'} "${c.phrase}"`
      : `${met[i] ? 'mentions' : 'does not mention'} "${c.phrase}"`,
  )
  const score = Math.round((met.filter(Boolean).length / checks.length) * 100) / 100
  return JSON.stringify({ pass: met.every(Boolean), score, reason: `the answer ${said.join('; ')}` })
}

/** Whether a message asks for a JSON answer. */
export const asksForJson = (message: string): boolean => /\b(reply|answer|respond) (in|with|as) json\b/i.test(message)

/** The JSON answer about a message. */
export function jsonAnswer(agentId: string, message: string): string {
  const t = message.trim().replace(/\s+/g, ' ')
  return JSON.stringify({ agent: agentId, words: t === '' ? 0 : t.split(' ').length, said: t })
}
