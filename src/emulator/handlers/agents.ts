// Agents, skills and A2A cards (wire.md "Agents, skills, A2A"). The server has already checked that a path's agent
// exists in the caller's account (404) and is in the key's scope (401).
import type { Agent, AgentCard, Skill } from '../../api/schemas/index.js'
import { basePathSuffix } from '../../api/routes.js'
import { pageOf, pageRequest } from '../paging.js'
import { notFound } from '../kit.js'
import { visibleTo } from '../scope.js'
import type { StoredAgent } from '../state.js'
import type { EmuRequest, HandlerEnv, HandlerTable } from '../types.js'

/** The agent a path names (its existence and scope were checked by the server). */
export function agentOf(req: EmuRequest, env: HandlerEnv): StoredAgent {
  const id = req.params.agentId ?? ''
  const agent = env.state.agents.get(id)
  if (agent === undefined) throw notFound('agent', id)
  return agent
}

/** An agent as the API shows it: the stored record without the emulator's own fields. */
export function publicAgent(a: StoredAgent): Agent {
  const { accountId: _a, tokenDelayMs: _d, ...rest } = a
  return rest
}

/** The agent's A2A card (wire.md; A2A AgentCard). Its url is the JSON-RPC endpoint. */
export function agentCard(a: StoredAgent, origin: string, skills: Map<string, Skill>): AgentCard {
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
  return {
    protocolVersion: '0.3.0',
    name: a.name ?? a.id,
    description: a.description ?? '',
    url: `${origin}${basePathSuffix}/agent/${encodeURIComponent(a.id)}/a2a`,
    preferredTransport: 'JSONRPC',
    version: '1.0.0',
    provider: { organization: 'agentry emulator', url: origin },
    capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: ['text/plain', 'image/png', 'image/jpeg'],
    defaultOutputModes: ['text/plain', 'text/markdown'],
    skills: list,
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key or OAuth access token' } },
    security: [{ bearer: [] }],
  }
}

/** Handlers: agentsList, agentsGet, skillsList, agentCard. */
export const agentHandlers: HandlerTable = {
  agentsList(req, env) {
    const page = pageRequest(req.query)
    const p = req.principal
    const mine = [...env.state.agents.values()].filter((a) => p === undefined || a.accountId === p.accountId)
    const all = visibleTo(p, mine, (a) => ({ agentId: a.id }))
    const result = pageOf(all, page)
    return {
      status: 200,
      json: { data: result.data.map(publicAgent), pagination: result.pagination },
    }
  },
  agentsGet(req, env) {
    return { status: 200, json: publicAgent(agentOf(req, env)) }
  },
  skillsList(req, env) {
    return { status: 200, json: pageOf([...env.state.skills.values()], pageRequest(req.query)) }
  },
  agentCard(req, env) {
    return { status: 200, json: agentCard(agentOf(req, env), req.origin, env.state.skills) }
  },
}
