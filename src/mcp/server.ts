// The MCP server of `agentry mcp serve` (MCP spec 2025-06-18): the chosen account tools registered on the SDK's
// McpServer. Each call runs over the run's one SDK client (ctx.sdk(): the profile's credential, OAuth refresh
// included); its failures come back as tool errors carrying the CLI's message and hint (tool-result.ts).
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import { liveCatalog } from './catalog.js'
import { errorResult, jsonResult } from './tool-result.js'
import { accountTools } from './tools/account.js'
import { askAgentTool } from './tools/ask-agent.js'
import { cmsTools } from './tools/cms.js'
import type { AccountTool } from './tools/types.js'

/** Every account tool, in the order tools/list shows them. */
const allTools: readonly AccountTool[] = [
  accountTools[0]!,
  askAgentTool,
  ...accountTools.slice(1, 5),
  ...cmsTools,
  ...accountTools.slice(5),
]

/** What `mcp serve` was asked to expose. */
export interface ToolChoice {
  /** --tools: only these names */
  only?: string[] | undefined
  /** --read-only: no tool that writes or runs anything */
  readOnly: boolean
}

/**
 * The tools to expose: --tools (unknown names are a usage error listing the valid ones), minus the writing ones with
 * --read-only (asking for one by name then is a usage error too). CMS writes are decided later (cmsManagement).
 */
export function chooseTools(choice: ToolChoice): AccountTool[] {
  const names = allTools.map((t) => t.name)
  if (choice.only) {
    const unknown = choice.only.filter((n) => !names.includes(n))
    if (unknown.length > 0)
      throw new UsageError(`--tools: unknown tool ${unknown.join(', ')}`, `the tools are: ${names.join(', ')}`)
    const writes = allTools.filter((t) => choice.only?.includes(t.name) && !t.readOnly).map((t) => t.name)
    if (choice.readOnly && writes.length > 0)
      throw new UsageError(`--tools asks for ${writes.join(', ')}, which --read-only leaves out`, 'drop one of them')
  }
  return allTools.filter((t) => (!choice.only || choice.only.includes(t.name)) && (!choice.readOnly || t.readOnly))
}

/** An McpServer with its tools, connected through `connect` (which keeps the list current: ./catalog.ts). */
export interface AgentryMcpServer {
  server: McpServer
  connect(transport: Transport): Promise<void>
}

/** Builds an McpServer (one per connection: the SDK binds a server to one transport) with these tools. */
export function createMcpServer(
  ctx: Context,
  tools: readonly AccountTool[],
  opts: { catalogPollMs?: number } = {},
): AgentryMcpServer {
  const server = new McpServer(
    { name: 'agentry', version: ctx.version },
    { capabilities: { tools: { listChanged: true } } },
  )
  const registered: { tool: AccountTool; registered: RegisteredTool }[] = []
  for (const tool of tools) {
    const annotations = {
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.name === 'cms_delete',
      openWorldHint: true,
    }
    const config = { title: tool.title, description: tool.description, inputSchema: tool.input, annotations }
    const handle = server.registerTool(tool.name, config, async (args: Record<string, unknown>, extra) => {
      const token = extra._meta?.progressToken
      const progress = async (n: number, message?: string) => {
        if (token === undefined) return
        const params = { progressToken: token, progress: n, ...(message === undefined ? {} : { message }) }
        await extra.sendNotification({ method: 'notifications/progress', params })
      }
      try {
        const sdk = await ctx.sdk()
        return jsonResult(await tool.run(args as never, { ctx, sdk, signal: extra.signal, progress }))
      } catch (err) {
        return errorResult(err)
      }
    })
    registered.push({ tool, registered: handle })
  }
  const live = liveCatalog(server, registered, () => ctx.sdk(), opts.catalogPollMs)
  return { server, connect: live.connect }
}
