// The plain lists of the account, each declared once: its noun, its one-line summary, the ids it lives under and
// its library call. `agentry <group> list` (listCommand, src/commands/presets.ts) and, for those the MCP server
// offers, the tool list_<noun> (src/mcp/tools/lists.ts) are both derived from it: same words, same call.
import type { PageQuery } from '../api/contract/paging.js'
import type { AgentryClient } from '../sdk/client.js'
import type { ItemList } from '../sdk/pages.js'

/** A list of the account, one page at a time. */
export interface AccountList<T = unknown, P extends string = string> {
  /** plural: the notes ("20 of 5,002 agents"), the MCP tool's name (list_agents) */
  noun: string
  /** one line: the command's summary, the MCP tool's title and description */
  summary: string
  /** the ids the list lives under (`pages` of a site), each with its help: a command argument, a tool parameter */
  params: Record<P, string>
  list(sdk: AgentryClient, params: Record<P, string>, page: PageQuery): ItemList<T>
}

/** Declares a list (its item type inferred from the library call). */
function accountList<T, P extends string = never>(list: AccountList<T, P>): AccountList<T, P> {
  return list
}

export const agentsList = accountList({
  noun: 'agents',
  summary: 'List the agents of the account',
  params: {},
  list: (sdk, _, page) => sdk.agents.list(page),
})

export const skillsList = accountList({
  noun: 'skills',
  summary: 'List the skills of the account',
  params: {},
  list: (sdk, _, page) => sdk.skills.list(page),
})

export const scenariosList = accountList({
  noun: 'scenarios',
  summary: 'List the scenarios of the account',
  params: {},
  list: (sdk, _, page) => sdk.scenarios.list(page),
})

export const schedulesList = accountList({
  noun: 'schedules',
  summary: 'List the schedules of the account',
  params: {},
  list: (sdk, _, page) => sdk.schedules.list(page),
})

export const keysList = accountList({
  noun: 'keys',
  summary: 'List the API keys of the account',
  params: {},
  list: (sdk, _, page) => sdk.keys.list(page),
})

export const sitesList = accountList({
  noun: 'sites',
  summary: 'List the sites of the account',
  params: {},
  list: (sdk, _, page) => sdk.sites.list(page),
})

export const pagesList = accountList({
  noun: 'pages',
  summary: 'List the pages of a site',
  params: { siteId: 'the site' },
  list: (sdk, { siteId }, page) => sdk.pages.list(siteId, page),
})

export const chatsList = accountList({
  noun: 'chats',
  summary: "List an agent's stateful chats",
  params: { agentId: 'the agent' },
  list: (sdk, { agentId }, page) => sdk.chats.list(agentId, page),
})

export const executionsList = accountList({
  noun: 'executions',
  summary: "List a scenario's executions (runs), newest first",
  params: { scenarioId: 'the scenario' },
  list: (sdk, { scenarioId }, page) => sdk.scenarios.executions(scenarioId, page),
})
