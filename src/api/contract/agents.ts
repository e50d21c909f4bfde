// The agents family: agents, skills, A2A cards and the A2A endpoint (wire.md "Agents, skills, A2A").
import * as z from '../zod.js'
import {
  agentCardSchema,
  agentCreateSchema,
  agentEditSchema,
  agentSchema,
  chatModelSchema,
  skillSchema,
} from '../schemas/agents.js'
import { listOf, pageQuery } from './paging.js'
import { type Contract, inferred, ours, seed, op } from './types.js'

/**
 * The agents list's query: paging, and `include_models` (the SDK's `agents.list({include_models})`,
 * brightsy-cookbook examples/agents; its wire form is not shown: `true`/`false` as text is ours).
 */
const agentsQuery = z.extend(pageQuery, { include_models: z.optional(z.enum(['true', 'false'])) })

/** The agents list's page as a whole: with `include_models=true`, the models beside the agents (sideboard agents/brightsy.ts). */
const agentsPageSchema = z.looseObject({ models: z.optional(z.array(chatModelSchema)) })

/** Agents, skills and cards. */
export const agents = {
  agentsList: op('GET', '/{accountId}/agents', {
    provenance: seed(
      '4.6 (the SDK reads the answer as `{data, total}` and asks `include_models`: brightsy-cookbook examples/agents/index.mjs; the answer carries `models[]` beside `data[]`: sideboard packages/core/src/agents/brightsy.ts)',
    ),
    scope: 'agent',
    ...listOf(agentSchema, agentsQuery),
    response: agentsPageSchema,
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
  agentsCreate: op('POST', '/{accountId}/agents', {
    provenance: inferred(
      'the official CLI has `agents create <name>` (brightsy-cookbook recipes/cli; public-facts row 53); the route (the list path) and body are not shown',
    ),
    body: agentCreateSchema,
    response: agentSchema,
    idempotent: false,
    sdk: 'agents.create',
    doc: 'Creates an agent (an unscoped credential: a scoped key could otherwise make itself agents). Never retried.',
    command: 'agents create',
  }),
  agentsEdit: op('PATCH', '/{accountId}/agents/{agentId}', {
    provenance: inferred('the official CLI creates agents (public-facts row 53); PATCH of the agent path is ours'),
    scope: 'agent',
    body: agentEditSchema,
    response: agentSchema,
    sdk: 'agents.edit',
    doc: 'Changes the members given (name, description, systemPrompt, model).',
    command: 'agents edit',
  }),
  agentsDelete: op('DELETE', '/{accountId}/agents/{agentId}', {
    provenance: inferred('the official CLI creates agents (public-facts row 53); DELETE of the agent path is ours'),
    scope: 'agent',
    sdk: 'agents.delete',
    doc: 'Deletes an agent.',
    command: 'agents delete',
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
