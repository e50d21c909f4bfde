// The agent's A2A card (wire.md "Agents, skills, A2A"; A2A 4.4.1, 8): a 1.0 card (`supportedInterfaces`) that also
// carries the v0.3 members (`protocolVersion`, `url`, `preferredTransport`, `security`), like the "superset" cards
// the reference SDK writes, so that clients of either generation can use it.
import type { Skill } from '../../api/schemas/index.js'
import { basePathSuffix } from '../../api/routes.js'
import type { StoredAgent } from '../state.js'

/** The card of `a`, served by the emulator at `origin`. */
export function agentCard(a: StoredAgent, origin: string, skills: Map<string, Skill>) {
  const own = (a.skills ?? []).map((id) => skills.get(id)).filter((s): s is Skill => s !== undefined)
  const list = own.length
    ? own.map((s) => ({ id: s.id, name: s.name ?? s.id, description: s.description ?? '', tags: s.tags ?? [] }))
    : [
        {
          id: `${a.id}-chat`,
          name: 'Chat',
          description: a.description ?? `Chat with ${a.name ?? a.id}`,
          tags: ['chat'],
        },
      ]
  const url = `${origin}${basePathSuffix}/agent/${encodeURIComponent(a.id)}/a2a`
  return {
    name: a.name ?? a.id,
    description: a.description ?? '',
    // A2A 1.0: one JSON-RPC endpoint, both generations (chosen per request by the A2A-Version header, A2A 3.6.2)
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    // A2A v0.3
    protocolVersion: '0.3.0',
    url,
    preferredTransport: 'JSONRPC',
    version: '1.0.0',
    provider: { organization: 'agentry emulator', url: origin },
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain', 'image/png', 'image/jpeg'],
    defaultOutputModes: ['text/plain', 'text/markdown'],
    skills: list,
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key or OAuth access token' } },
    security: [{ bearer: [] }],
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  }
}
