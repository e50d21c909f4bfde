// What `emulator start` prints besides its options: the scripted model's behaviour, every test hook with a curl
// example (wire.md "The emulator's own endpoints"), and the start banner's demo secrets.
import { hookDocs } from '../../emulator/hook-docs.js'

/** The scripted model's behaviour and the demo agents. */
export const modelHelp = `
The scripted model answers deterministically:
  "show me markdown"           headings, lists, a code block and a table
  "count to N"                 exactly N tokens (benchmarks)
  "what is your system prompt" the agent's prompt plus the request's system messages
  naming a tool (get_weather)  a tool call; a following tool message gets an answer that uses its result
  attachments (stateful chat)  "attached: name (N bytes)" for each file uploaded to the message
  images (image_url items)     a description of each image (type, size, dimensions of data URLs)
  "think step by step"         reasoning first (streamed as delta.reasoning), then the answer
  "reply in JSON"              a JSON object about the message ({"agent", "words", "said"})
  <rubric>…</rubric><answer>…</answer>  a JSON verdict: each "quoted" phrase of the rubric in the answer
  <goal>…</goal><transcript>…</transcript>  a simulated user: asks for each "quoted" phrase of the goal the
                               agent has not said yet ({"message"}), then {"done": true}
With --upstream-url, every answer (completions, chats, A2A, scenario, webhook and schedule runs) comes from that
OpenAI-compatible server instead, asked for usage; its key is read from --upstream-api-key-file or
AGENTRY_UPSTREAM_API_KEY and sent as Authorization: Bearer.
Demo agents: demo-assistant, weather-bot (get_weather), slow-poet (slow streaming), code-helper, support-triage,
demo-judge (the judge of agentry test's rubric assertions and its simulated users), desktop-relay (queues your
message as a desktop task and answers with a machine's response: agentry connect, docs/connect.md).`

/** Every test hook with a curl example; TOKEN is the `hook-token` line of the start banner. */
export function hooksHelp(): string {
  const lines = hookDocs.map((h) => {
    const [method, path] = h.route.split(' ')
    const body = h.body === undefined ? '' : ` -H 'content-type: application/json' -d '${h.body}'`
    return `  ${h.what}:\n    curl -X ${method} -H "authorization: Bearer $TOKEN"${body} http://127.0.0.1:4010${path}`
  })
  return `
Test hooks (not part of the service): they need Authorization: Bearer <hook-token> (printed at start, new each
run), answer only on 127.0.0.1/localhost/[::1] with the emulator's port, and
refuse browser cross-origin calls. With TOKEN=<hook-token>:
${lines.join('\n')}`
}

/** A demo scenario or webhook whose published secret the banner may print. */
export interface DemoSecret {
  kind: 'scenario' | 'webhook'
  id: string
  header: string
  secret: string
}

/** The banner lines of the demo secrets (public demo data), e.g. `scenario scn_summarize: X-Signature demo-…`. */
export function secretLines(secrets: readonly DemoSecret[]): string {
  return secrets.map((s) => `${s.kind} ${s.id}: ${s.header} ${s.secret}\n`).join('')
}
