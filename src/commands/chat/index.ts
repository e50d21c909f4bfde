// `agentry chat [agentId]` (commands.md): interactive on a terminal, one-shot with -m or piped stdin.
// A top-level leaf command: its declaration is the default export (src/commands/manifest.ts).
import { arg, defineCommand } from '../define.js'
import { agentAndWords, agentOption } from './agent-flag.js'
import { chatOptions } from './options.js'

export default defineCommand({
  path: ['chat'],
  summary: 'Chat with an agent: interactive on a terminal, one-shot with -m or piped stdin',
  args: {
    agentId: arg('[agentId]', "the agent (default: env AGENTRY_AGENT or the profile's default-agent; else asked for)"),
    words: arg('[message...]', 'the message (as -m); piped stdin is then appended to it as context'),
  },
  options: { ...chatOptions, agent: agentOption },
  examples: [
    'agentry chat demo-assistant                          interactive',
    'agentry chat demo-assistant -m "hello"               one-shot; the answer on stdout',
    'agentry chat demo-assistant what is a webhook        the same: words after the agent id',
    'agentry chat --agent demo-assistant -m "hello"       the agent named as the official CLI names it',
    'cat notes.md | agentry chat ag_1 summarize this      stdin appended to the message as context',
    'agentry chat -c                                      continue the last conversation (agentry logs list)',
    'git diff | agentry chat reviewer --system "Review this diff"',
    'agentry chat ag_1 -m "weather in Paris" --tools tools.json --tool-handler ./weather.sh',
    'agentry chat ag_1 -m "describe" --image photo.png -o json | jq -r .message.content',
    'agentry chat ag_1 --new-chat -m "remember 42"; agentry chat ag_1 --chat <id> -m "what number?"',
    'agentry chat ag_1 -m "hi" --save talk.jsonl; agentry chat ag_1 --resume talk.jsonl --save talk.jsonl -m "more"',
    'agentry chat --model emulator/scripted-1 -m "hi"         a model, no agent (agentry chat --list-targets)',
  ],
  helpAfter: `
Output (-o, --output): text (default; piped, exactly the answer's bytes), json (one object at the end), ndjson
(events as the official CLI's chat --json: text, thinking, tool_use, tool_result, usage, error, done). Notes and
errors go to stderr.
Exit codes: 0 done, 2 usage, 3 unknown agent, 4 auth, 5 tool calls nothing answered, 7 server error, 8 connection
dropped (the partial answer stays on stdout), 124 stream stalled (AGENTRY_IDLE_TIMEOUT seconds, default 60) or
not complete within a --timeout you set, 130 cancelled (Ctrl-C).
Ctrl-C cancels the answer on the server and keeps what arrived; a second Ctrl-C quits.`,
  run: async ({ agentId, words, agent, ...opts }, ctx) => {
    const { chatRun } = await import('./run.js')
    const [agentArg, message] = agentAndWords(agentId, words, agent)
    await chatRun(agentArg, opts, ctx, message)
  },
})
