// Agents and skills (wire.md "Agents, skills, A2A"). The server has already checked that a path's agent
// exists in the caller's account (404) and is in the key's scope (401).
import type { Agent } from '../../api/schemas/index.js'
import { pageAsked } from '../kit.js'
import { pageOf } from '../paging.js'
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
function publicAgent(a: StoredAgent): Agent {
  const { accountId: _a, tokenDelayMs: _d, desktopRelay: _r, ...rest } = a
  return rest
}

/** Handlers: agentsList, agentsGet, skillsList, skillsGet (the A2A card is in ../a2a/). */
export const agentHandlers = {
  agentsList(req, env) {
    const page = pageAsked(req)
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
    return { status: 200, json: pageOf([...env.state.skills.values()], pageAsked(req)) }
  },
  skillsGet(req, env) {
    const id = req.params.skillId ?? ''
    const skill = env.state.skills.get(id)
    if (skill === undefined) throw notFound('skill', id)
    return { status: 200, json: skill }
  },
} satisfies HandlerTable
