// `agentry a2a send <agentId|card-url> [message...] [-m <text>] [--stream]`: one message to the endpoint the agent's card names.
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { readAllStdin } from '../../io/iostreams.js'
import { arg, defineCommand } from '../define.js'
import { flag, text } from '../options.js'
import { typedMessage } from '../typed-message.js'
import { resolveAgent } from '../../a2a/client.js'
import { sendToAgent } from './send-to-agent.js'

/** The message piped on stdin (a usage error on a terminal, or when it is empty). */
async function messageFromStdin(ctx: Context): Promise<string> {
  if (ctx.io.stdinIsTTY)
    throw new UsageError(
      'a message is required',
      'pass -m "<text>" or words after the agent, or pipe it: echo hi | agentry a2a send <agent>',
    )
  const message = (await readAllStdin(ctx.io)).toString('utf8').trim()
  if (!message) throw new UsageError('the message on stdin is empty', 'pass -m "<text>"')
  return message
}

export default defineCommand({
  path: ['a2a', 'send'],
  summary: "Send a message to an agent's A2A endpoint and print its reply",
  args: {
    agent: arg('<agent>', 'an agent id, or the URL of its card'),
    words: arg('[message...]', 'the message (as -m)'),
  },
  options: {
    message: text('-m, --message <text>', 'the message (or pipe it on stdin)'),
    stream: flag('--stream', 'stream: print the reply as it arrives, and the state changes on stderr'),
    context: text('--context <contextId>', 'continue an A2A conversation (its contextId)', { nonEmpty: true }),
    wait: flag('--no-wait', 'answer the task at once, before it ends (then: agentry a2a task get)'),
  },
  examples: [
    'agentry a2a send demo-assistant -m "What can you do?"',
    'agentry a2a send demo-assistant what can you do',
    'agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello" --stream',
    'echo "Summarize: …" | agentry a2a send demo-assistant --json | jq .status.state',
    'agentry a2a send demo-assistant -m "count to 1000" --no-wait --json | jq -r .id',
  ],
  run: async (o, ctx) => {
    const message = typedMessage(o.message, o.words) ?? (await messageFromStdin(ctx))
    const { card, endpoint } = await resolveAgent(ctx, o.agent)
    let stream = o.stream
    if (stream && card.capabilities?.streaming === false) {
      ctx.warn(`${card.name} does not stream (capabilities.streaming is false); sending without streaming`)
      stream = false
    }
    const json = ['json', 'ndjson', 'yaml'].includes(ctx.outputFormat())
    await sendToAgent(ctx, endpoint, { text: message, stream, contextId: o.context, json, wait: o.wait })
  },
})
