// The agents family: agents, skills, A2A cards and the A2A endpoint (wire.md "Agents, skills, A2A").
import { agentCardSchema, agentSchema, skillSchema } from '../schemas/agents.js'
import { listOf } from './paging.js'
import { type Contract, inferred, ours, seed, op } from './types.js'

/** Agents, skills and cards. */
export const agents = {
  agentsList: op('GET', '/{accountId}/agents', {
    provenance: seed('4.6 (the SDK reads the answer as `{data, total}`: brightsy-cookbook examples/agents/index.mjs)'),
    scope: 'agent',
    ...listOf(agentSchema),
    list: { noun: 'agents', summary: 'List the agents of the account' },
    sdk: 'agents.list',
    doc: 'Every agent of the account, page by page (`query.page`/`query.limit` pick where and how big).',
    command: 'agents list',
    mcp: 'list_agents',
  }),
  agentsGet: op('GET', '/{accountId}/agents/{agentId}', {
    provenance: inferred(
      'the SDK has `agents.get(id)` (brightsy-cookbook examples/agents/index.mjs); path not shown: the list path plus the id',
    ),
    scope: 'agent',
    response: agentSchema,
    sdk: 'agents.get',
    doc: 'One agent.',
    command: 'agents get',
  }),
  skillsList: op('GET', '/{accountId}/skills', {
    provenance: seed('4.6'),
    scope: 'account',
    ...listOf(skillSchema),
    list: { noun: 'skills', summary: 'List the skills of the account' },
    stored: { collection: 'skills', key: 'id' },
    sdk: 'skills.list',
    doc: 'Every skill of the account, page by page.',
    command: 'skills list',
  }),
  // the interface shows no path for one skill: the shape of `agentsGet` (docs/wire.md "Agents and skills")
  skillsGet: op('GET', '/{accountId}/skills/{skillId}', {
    provenance: ours('the shape of agentsGet; no source shows one skill'),
    scope: 'account',
    response: skillSchema,
    sdk: 'skills.get',
    doc: 'One skill.',
    command: 'skills get',
  }),
  agentCard: op('GET', '/agent/{agentId}/a2a/card', {
    provenance: seed('4.3'),
    scope: 'agent',
    response: agentCardSchema,
    sdk: 'agents.card',
    doc: "The agent's A2A card (service-interface 4.3).",
    command: 'agents card, a2a card',
  }),
  // A2A messaging (JSON-RPC 2.0, served by the emulator for A2A clients; `agentry a2a` speaks it through the A2A
  // client, which reads the card's URL): the envelope is checked by the A2A handlers (src/emulator/a2a).
  agentA2a: op('POST', '/agent/{agentId}/a2a', {
    provenance: ours('A2A JSON-RPC beside the card; no source shows it'),
    scope: 'agent',
    doc: "The agent's A2A JSON-RPC endpoint (A2A 1.0 and 0.3).",
    command: 'a2a send',
  }),
} satisfies Contract<'agents'>
