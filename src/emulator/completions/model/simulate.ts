// The scripted model as a simulated user (`agentry test`'s simulate cases, src/evals/simulate.ts), so a simulated
// conversation can be tested with moves a test can predict:
//   a message holding <goal>…</goal> and <transcript>…</transcript> → one JSON object: each phrase the goal puts in
//   double quotes must be in the agent's answers so far (any case); the first one missing is asked for
//   ({"message": "Please say \"<phrase>\"."}), and when none is missing the goal is met ({"done": true}). A goal
//   without quoted phrases is sent as the first message and met once the agent answered anything.

/** The simulated user's move, or undefined when the message is not one. */
export function simulatedUserReply(message: string): string | undefined {
  const goal = /<goal>\n?([\s\S]*?)\n?<\/goal>/.exec(message)?.[1]
  const start = message.indexOf('<transcript>')
  const end = message.lastIndexOf('</transcript>')
  if (goal === undefined || start < 0 || end < start) return undefined
  const transcript = message.slice(start + '<transcript>'.length, end)
  // the agent's paragraphs: from each "agent: " to the next "user: " paragraph
  const answers = [...transcript.matchAll(/(?:^|\n\n)agent: ([\s\S]*?)(?=\n\nuser: |\n?$)/g)]
    .map((m) => m[1]!)
    .join('\n')
    .toLowerCase()
  const phrases = [...goal.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)
  if (phrases.length === 0) return JSON.stringify(answers.trim() !== '' ? { done: true } : { message: goal.trim() })
  const missing = phrases.find((p) => !answers.includes(p.toLowerCase()))
  return JSON.stringify(missing === undefined ? { done: true } : { message: `Please say "${missing}".` })
}
