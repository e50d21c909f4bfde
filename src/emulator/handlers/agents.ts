// Agents and skills (wire.md "Agents, skills, A2A"). The server has already checked that a path's agent
// exists in the caller's account (404) and is in the key's scope (401).
import type { Agent } from '../../api/schemas/index.js'
import { defaultAgentId } from '../../chat/targets.js'
import { agentIn, demoModels } from '../default-agent.js'
import { isoNow, newId, notFound, pageAsked } from '../kit.js'
import { pageOf } from '../paging.js'
import { visibleTo } from '../scope.js'
import type { StoredAgent } from '../state.js'
import type { DeclaredBody, EmuRequest, HandlerEnv, HandlerTable } from '../types.js'

/** The agent a path names (its existence and scope were checked by the server); `default` is the account's own. */
export function agentOf(req: EmuRequest, env: HandlerEnv): StoredAgent {
  const id = req.params.agentId ?? ''
  const agent = agentIn(env.state, id, req.principal?.accountId)
  if (agent === undefined) throw notFound('agent', id)
  return agent
}

/** A stored agent a write names: the pseudo-agent `default` is not one (404, as for any unknown id). */
function storedAgentOf(req: EmuRequest, env: HandlerEnv): StoredAgent {
  const agent = agentOf(req, env)
  if (agent.id === defaultAgentId && !env.state.agents.has(agent.id)) throw notFound('agent', agent.id)
  return agent
}

/** An agent as the API shows it: the stored record without the emulator's own fields. */
function publicAgent(a: StoredAgent): Agent {
  const { accountId: _a, tokenDelayMs: _d, desktopRelay: _r, ...rest } = a
  return rest
}

/** Handlers: agentsList, agentsGet, agentsCreate, agentsEdit, agentsDelete, skillsList, skillsGet (cards: ../a2a/). */
export const agentHandlers = {
  agentsList(req, env) {
    const page = pageAsked(req)
    const p = req.principal
    const mine = [...env.state.agents.values()].filter((a) => p === undefined || a.accountId === p.accountId)
    const all = visibleTo(p, mine, (a) => ({ agentId: a.id }))
    const result = pageOf(all, page)
    const { include_models } = (req.queryInput ?? {}) as DeclaredQuery
    return {
      status: 200,
      json: {
        data: result.data.map(publicAgent),
        pagination: result.pagination,
        ...(include_models === 'true' ? { models: demoModels } : {}),
      },
    }
  },
  agentsGet(req, env) {
    return { status: 200, json: publicAgent(agentOf(req, env)) }
  },
  agentsCreate(req, env) {
    const body = req.input as DeclaredBody<'agentsCreate'>
    const now = isoNow(env)
    const agent: StoredAgent = {
      id: newId('agt'),
      name: body.name,
      description: body.description ?? null,
      systemPrompt: body.systemPrompt ?? '',
      model: body.model ?? demoModels[0]?.id ?? null,
      accountId: req.principal?.accountId ?? env.state.accountId,
      createdAt: now,
      updatedAt: now,
    }
    env.state.agents.set(agent.id, agent)
    return { status: 201, json: publicAgent(agent) }
  },
  agentsEdit(req, env) {
    const agent = storedAgentOf(req, env)
    const next: StoredAgent = { ...agent, ...(req.input as DeclaredBody<'agentsEdit'>), updatedAt: isoNow(env) }
    env.state.agents.set(agent.id, next)
    return { status: 200, json: publicAgent(next) }
  },
  agentsDelete(req, env) {
    const agent = storedAgentOf(req, env)
    env.state.agents.delete(agent.id)
    return { status: 204 }
  },
  skillsList(req, env) {
    return { status: 200, json: pageOf([...env.state.skills.values()], pageAsked(req)) }
  },
  skillsGet(req, env) {
    const id = req.params.skillId ?? ''
    const skill = env.state.skills.get(id)
    if (skill === undefined) throw notFound('skill', id)
    return { status: 200, json: skill }
  },
} satisfies HandlerTable

/** The agents list's declared query, as the emulator reads it. */
type DeclaredQuery = { include_models?: 'true' | 'false' }
