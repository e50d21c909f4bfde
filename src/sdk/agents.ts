// Agents, skills and A2A cards (wire.md "Agents, skills, A2A").
import type { PageQuery } from '../api/contract/paging.js'
import type { Transport } from './transport.js'

/** `client.agents`. */
export const agentsResource = (t: Transport) => ({
  /** Every agent of the account, page by page (`query.page`/`query.limit` pick where and how big). */
  list: (query: PageQuery = {}) => t.list('agentsList', { query }),
  /** One agent. */
  get: (agentId: string) => t.call('agentsGet', { params: { agentId } }),
  /** The agent's A2A card (service-interface 4.3). */
  card: (agentId: string) => t.call('agentCard', { params: { agentId } }),
})

/** `client.skills`. */
export const skillsResource = (t: Transport) => ({
  /** Every skill of the account, page by page. */
  list: (query: PageQuery = {}) => t.list('skillsList', { query }),
})
