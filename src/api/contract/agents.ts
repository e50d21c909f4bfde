// The agents family: agents, skills and A2A cards (wire.md "Agents, skills, A2A").
import { agentCardSchema, agentSchema, skillSchema } from '../schemas/agents.js'
import { listOf } from './paging.js'
import type { Contract } from './types.js'

/** Agents, skills and cards. */
export const agents = {
  agentsList: listOf(agentSchema),
  agentsGet: { response: agentSchema },
  skillsList: listOf(skillSchema),
  agentCard: { response: agentCardSchema },
} satisfies Contract<'agents'>
