// The plain lists of the account. Each is declared with its operation (`list:` in src/api/contract/<family>.ts:
// noun and summary; the ids are the path's parameters, the call its generated library method), and `npm run gen`
// copies those words into `declaredLists` of src/api/routes.gen.ts, zod-free. `agentry <group> list` (listCommand,
// src/commands/presets.ts) and, for those declared with `mcp`, the tool list_<noun> (src/mcp/tools/lists.ts) are
// both derived from it: same words, same call.
import type { PageQuery } from '../api/contract/paging.js'
import { declaredLists } from '../api/routes.gen.js'
import type { AgentryClient } from '../sdk/client.js'
import type { ItemList } from '../sdk/pages.js'
import type { ItemOf } from '../sdk/transport.js'

/** A list of the account, one page at a time. */
export interface AccountList<T = unknown, P extends string = string> {
  /** plural: the notes ("20 of 5,002 agents"), the MCP tool's name (list_agents) */
  noun: string
  /** one line: the command's summary, the MCP tool's title and description */
  summary: string
  /** the ids the list lives under (`pages` of a site), each with its help: a command argument, a tool parameter */
  params: Record<P, string>
  /** the MCP tool that offers it, when one does */
  mcp?: string
  list(sdk: AgentryClient, params: Record<P, string>, page: PageQuery): ItemList<T>
}

/** A list declared with its operation (`list:`), by the operation's name. */
export type ListName = keyof typeof declaredLists

/** The ids a declared list lives under. */
type IdsOf<N extends ListName> = Extract<keyof (typeof declaredLists)[N]['params'], string>

/** What a generated list method is, seen from here: its ids in path order, then the page. */
type ListMethod = (...args: unknown[]) => ItemList<unknown>

/**
 * The declared list N, as the command and the tool use it. Before `npm run gen` has written a new list's words the
 * generator itself still loads (its summary then says so); the typecheck fails until it has.
 */
export function declaredList<N extends ListName>(name: N): AccountList<ItemOf<N>, IdsOf<N>> {
  const words = declaredLists[name] as (typeof declaredLists)[ListName] | undefined
  const params = (words?.params ?? {}) as Record<IdsOf<N>, string>
  const ids = Object.keys(params) as IdsOf<N>[]
  const [resource, method] = words?.sdk ?? ['', '']
  return {
    noun: words?.noun ?? name,
    summary: words?.summary ?? `${name}: run npm run gen`,
    params,
    ...(words !== undefined && 'mcp' in words ? { mcp: words.mcp } : {}),
    list: (sdk, values, page) => {
      const call = (sdk as unknown as Record<string, Record<string, ListMethod>>)[resource]?.[method]
      if (call === undefined) throw new Error(`${name}: the library has no ${resource}.${method}`)
      return call(...ids.map((id) => values[id]), page) as ItemList<ItemOf<N>>
    },
  }
}

/** Declares a list by hand (its item type inferred from the library call), for one not (yet) declared with `list:`. */
function accountList<T, P extends string = never>(list: AccountList<T, P>): AccountList<T, P> {
  return list
}

// chats' routes are being rewritten (the workspace routes of wire.md): its list moves to its declaration with them
export const chatsList = accountList({
  noun: 'chats',
  summary: "List an agent's stateful chats",
  params: { agentId: 'the agent' },
  list: (sdk, { agentId }, page) => sdk.chats.list(agentId, page),
})

export const executionsList = declaredList('scenarioExecutions')
