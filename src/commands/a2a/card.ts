// `agentry a2a card <agentId|url>`: an agent's A2A card, by agent id (this service) or by URL (any agent).
import type { AgentCard } from '../../api/schemas/index.js'
import { arg, defineCommand } from '../define.js'
import { fetchCard } from '../../a2a/client.js'
import { endpointOf } from '../../a2a/endpoint.js'

/** A card as key/value rows for tables and TSV: `url` and `protocol` are the endpoint the CLI would use. */
function cardSummary(card: AgentCard, source: string): Record<string, unknown> {
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

export default defineCommand({
  path: ['a2a', 'card'],
  summary: "Show an agent's A2A card: by agent id (this service) or by URL (any agent)",
  args: {
    agent: arg(
      '<agent>',
      "an agent id, or the URL of a card (a bare origin: its /.well-known/agent-card.json; an agent's endpoint: the card the origin or the endpoint serves)",
    ),
  },
  examples: [
    'agentry a2a card demo-assistant',
    'agentry a2a card https://agents.example.com/.well-known/agent-card.json --json',
    'agentry a2a card http://127.0.0.1:4000/a2a/jsonrpc',
  ],
  run: async ({ agent }, ctx) => {
    const { card, source } = await fetchCard(ctx, agent)
    const out = ctx.output()
    await out.item(out.format === 'table' || out.format === 'tsv' ? cardSummary(card, source) : card)
  },
})
