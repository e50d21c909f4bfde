// The part of `mcp serve`'s tool list that follows the account: `ask_agent` and `run_scenario` name the agents and
// scenarios there are now. The list is built afresh for each tools/list, and a client is sent
// notifications/tools/list_changed (MCP spec "Tools: List Changed") when a look every `pollMs` finds the agents or
// scenarios changed, so that a model never works from the list the server started with.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
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

/**
 * Keeps the registered tools' descriptions current: `connect` connects the server and refreshes before each
 * tools/list it receives; a timer refreshes every `pollMs` while connected. A refresh that changes a description
 * updates the tool, which makes the SDK send notifications/tools/list_changed.
 */
export function liveCatalog(
  server: McpServer,
  tools: { tool: AccountTool; registered: RegisteredTool }[],
  sdk: () => Promise<AgentryClient>,
  pollMs = defaultPollMs,
): { connect(transport: Transport): Promise<void> } {
  const live = tools.filter((t) => t.tool.names)
  let last = ''
  let running: Promise<void> | undefined
  const refresh = () => {
    running ??= (async () => {
      const catalog = await readCatalog(await sdk())
      const key = JSON.stringify(catalog)
      if (key === last) return
      last = key
      for (const { tool, registered } of live) registered.update({ description: describeWith(tool, catalog) })
    })()
      .catch(() => {}) // the service unreachable for a moment: the list stays as it was
      .finally(() => {
        running = undefined
      })
    return running
  }
  return {
    async connect(transport) {
      // named before the first tools/list, so that the first list is already current and nothing is "changed" yet
      if (live.length > 0) await refresh()
      await server.connect(transport)
      if (live.length === 0) return
      const deliver = transport.onmessage
      transport.onmessage = (message, extra) => {
        if ('method' in message && message.method === 'tools/list' && 'id' in message)
          void refresh().then(() => deliver?.(message, extra))
        else deliver?.(message, extra)
      }
      const timer = setInterval(() => void refresh(), pollMs)
      timer.unref()
      const closed = server.server.onclose
      server.server.onclose = () => {
        clearInterval(timer)
        closed?.()
      }
    },
  }
}
