// `agentry a2a card <agentId|url>`, `agentry a2a send <agentId|card-url> -m <text> [--stream]`, `agentry a2a task
// get|cancel` (commands.md): the A2A protocol, 1.0 or 0.3 as the card offers, to any agent that publishes a card
// (wire.md "Agents, skills, A2A"; service-interface 4.3).
import { Command } from 'commander'
import * as z from 'zod'
import type { AgentCard } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { readAllStdin } from '../../io/iostreams.js'
import { examples, parseOptions } from '../shared.js'
import { fetchCard, resolveAgent } from './client.js'
import { endpointOf } from './endpoint.js'
import { sendToAgent } from './send.js'
import { taskCommand } from './task.js'

/** A card as key/value rows for tables and TSV: `url` and `protocol` are the endpoint the CLI would use. */
export function cardSummary(card: AgentCard, source: string): Record<string, unknown> {
  let endpoint: { url?: string; protocol?: string } = { url: card.url }
  try {
    const ep = endpointOf(card, source)
    endpoint = { url: ep.url, protocol: `A2A ${ep.version} JSON-RPC` }
  } catch {
    // a card without an interface we speak is still shown
  }
  return {
    name: card.name,
    description: card.description,
    ...endpoint,
    version: card.version,
    streaming: card.capabilities?.streaming ?? false,
    inputModes: card.defaultInputModes,
    outputModes: card.defaultOutputModes,
    skills: (card.skills ?? []).map((s) => s.name),
  }
}

const sendSchema = z.object({
  message: z.string().optional(),
  stream: z.boolean().default(false),
  context: z.string().min(1).optional(),
  wait: z.boolean().default(true),
})

/** Registers the a2a group. */
export function register(program: Command, ctx: Context): void {
  const a2a = new Command('a2a').description('Talk to any agent that publishes an A2A card')
  const card = new Command('card')
    .description("Show an agent's A2A card: by agent id (this service) or by URL (any agent)")
    .argument('<agent>', 'an agent id, or the URL of a card (a bare origin: its /.well-known/agent-card.json)')
    .action(async (target: string) => {
      const { card: c, source } = await fetchCard(ctx, target)
      const out = ctx.output()
      await out.item(out.format === 'table' || out.format === 'tsv' ? cardSummary(c, source) : c)
    })
  examples(card, [
    'agentry a2a card demo-assistant',
    'agentry a2a card https://agents.example.com/.well-known/agent-card.json --json',
  ])
  const send = new Command('send')
    .description("Send a message to an agent's A2A endpoint and print its reply")
    .argument('<agent>', 'an agent id, or the URL of its card')
    .option('-m, --message <text>', 'the message (or pipe it on stdin)')
    .option('--stream', 'stream: print the reply as it arrives, and the state changes on stderr')
    .option('--context <contextId>', 'continue an A2A conversation (its contextId)')
    .option('--no-wait', 'answer the task at once, before it ends (then: agentry a2a task get)')
    .action(async (target: string, raw: unknown) => {
      const o = parseOptions(sendSchema, raw)
      const text = o.message ?? (await messageFromStdin(ctx))
      const { card: c, endpoint } = await resolveAgent(ctx, target)
      let stream = o.stream
      if (stream && c.capabilities?.streaming === false) {
        ctx.warn(`${c.name} does not stream (capabilities.streaming is false); sending without streaming`)
        stream = false
      }
      const json = ['json', 'ndjson', 'yaml'].includes(ctx.outputFormat())
      await sendToAgent(ctx, endpoint, { text, stream, contextId: o.context, json, wait: o.wait })
    })
  examples(send, [
    'agentry a2a send demo-assistant -m "What can you do?"',
    'agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello" --stream',
    'echo "Summarize: …" | agentry a2a send demo-assistant --json | jq .status.state',
    'agentry a2a send demo-assistant -m "count to 1000" --no-wait --json | jq -r .id',
  ])
  examples(a2a, [
    'agentry a2a card demo-assistant',
    'agentry a2a send demo-assistant -m "hello" --stream',
    'agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello"',
    'agentry a2a task get demo-assistant 0b6f…',
  ])
  program.addCommand(a2a.addCommand(card).addCommand(send).addCommand(taskCommand(ctx)))
}

async function messageFromStdin(ctx: Context): Promise<string> {
  if (ctx.io.stdinIsTTY)
    throw new UsageError('a message is required', 'pass -m "<text>", or pipe it: echo hi | agentry a2a send <agent>')
  const text = (await readAllStdin(ctx.io)).toString('utf8').trim()
  if (!text) throw new UsageError('the message on stdin is empty', 'pass -m "<text>"')
  return text
}
