// The part of `mcp serve`'s tool list that follows the account: `ask_agent` and `run_scenario` name the agents and
// scenarios there are now. One AccountCatalog a run reads them: afresh before each tools/list an instance answers,
// and every `pollMs` while some connection listens; a change updates the descriptions of each connected instance,
// which makes the SDK send notifications/tools/list_changed (MCP spec "Tools: List Changed") on that connection (on
// a 2026-07-28 stdio connection, to its `subscriptions/listen` stream), so a model never works from the list the
// server started with. A 2026-07-28 HTTP request has no connection to notify: http.ts publishes the change on the
// SDK handler's own bus instead.
import type { JSONRPCMessage, McpServer, RegisteredTool } from '@modelcontextprotocol/server'
import type { AgentryClient } from '../sdk/client.js'
import type { AccountTool } from './tools/types.js'

/** What the descriptions name: the first page (100) of each. */
interface Catalog {
  agents: { id: string; name?: string | undefined }[]
  scenarios: { id: string; name?: string | undefined }[]
}

/** How often the catalog is looked at for list_changed, in ms. */
const defaultPollMs = 30_000
/** At most this many are named in a description; the rest are counted. */
const named = 25

async function firstHundred(list: { firstPage(): AsyncIterable<{ id: string; name?: string | undefined }> }) {
  const out: Catalog['agents'] = []
  for await (const { id, name } of list.firstPage()) out.push({ id, name })
  return out
}

/** Reads the account's agents and scenarios (one page each). */
async function readCatalog(sdk: AgentryClient): Promise<Catalog> {
  const [agents, scenarios] = await Promise.all([
    firstHundred(sdk.agents.list({ limit: 100 })),
    firstHundred(sdk.scenarios.list({ limit: 100 })),
  ])
  return { agents, scenarios }
}

/** " Agents now: a (Name), b, … and 3 more (list_agents)." */
function naming(what: string, items: Catalog['agents'], listTool: string): string {
  if (items.length === 0) return ` There are no ${what} now.`
  const shown = items.slice(0, named).map((i) => (i.name && i.name !== i.id ? `${i.id} (${i.name})` : i.id))
  const more = items.length > named ? ` and ${items.length - named} more (${listTool})` : ''
  return ` ${what[0]!.toUpperCase()}${what.slice(1)} now: ${shown.join(', ')}${more}.`
}

/** The description of `tool` with the catalog's part, for the tools that have one. */
function describeWith(tool: AccountTool, catalog: Catalog | undefined): string {
  if (!catalog || !tool.names) return tool.description
  return tool.names === 'agents'
    ? tool.description + naming('agents', catalog.agents, 'list_agents')
    : tool.description + naming('scenarios', catalog.scenarios, 'list_scenarios')
}

/** The account's agents and scenarios as last read, shared by every MCP server instance of a run. */
export class AccountCatalog {
  current: Catalog | undefined
  private key = ''
  private running: Promise<void> | undefined
  private readonly listeners = new Set<() => void>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly sdk: () => Promise<AgentryClient>,
    private readonly pollMs = defaultPollMs,
  ) {}

  /** Reads the catalog again (one read at a time); a change is told to the listeners. */
  refresh(): Promise<void> {
    this.running ??= (async () => {
      const catalog = await readCatalog(await this.sdk())
      const key = JSON.stringify(catalog)
      if (key === this.key) return
      const first = this.current === undefined
      this.key = key
      this.current = catalog
      if (!first) for (const l of this.listeners) l()
    })()
      .catch(() => {}) // the service unreachable for a moment: the list stays as it was
      .finally(() => {
        this.running = undefined
      })
    return this.running
  }

  /** Calls `onChange` when a later read finds the catalog changed (polled while anyone listens); returns the stop. */
  listen(onChange: () => void): () => void {
    this.listeners.add(onChange)
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.pollMs)
      this.timer.unref()
    }
    return () => {
      this.listeners.delete(onChange)
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer)
        this.timer = undefined
      }
    }
  }
}

/**
 * Keeps one instance's descriptions current: named from the catalog when built, refreshed before each tools/list the
 * instance receives, and updated when the catalog changes while the instance is connected.
 */
export function liveCatalog(
  server: McpServer,
  tools: { tool: AccountTool; registered: RegisteredTool }[],
  catalog: AccountCatalog,
): void {
  const live = tools.filter((t) => t.tool.names)
  if (live.length === 0) return
  const shown = new Map<string, string>()
  const apply = () => {
    for (const { tool, registered } of live) {
      const description = describeWith(tool, catalog.current)
      if (shown.get(tool.name) === description) continue
      shown.set(tool.name, description)
      registered.update({ description })
    }
  }
  apply() // not connected yet: nothing is sent
  // the serving entries connect the low-level Server (McpServer.server): its transport's messages are watched there
  const protocol = server.server
  const connect = protocol.connect.bind(protocol)
  protocol.connect = async (transport) => {
    await connect(transport)
    const stop = catalog.listen(apply)
    const closed = protocol.onclose
    protocol.onclose = () => {
      stop()
      closed?.()
    }
    const deliver = transport.onmessage
    transport.onmessage = (message: JSONRPCMessage, extra) => {
      if ('method' in message && message.method === 'tools/list' && 'id' in message)
        void catalog.refresh().then(() => {
          apply()
          deliver?.(message, extra)
        })
      else deliver?.(message, extra)
    }
  }
}
