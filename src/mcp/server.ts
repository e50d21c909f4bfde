// The MCP server of `agentry mcp serve`: the chosen account tools registered on the MCP SDK's McpServer (v2,
// `@modelcontextprotocol/server`), which answers both eras of the protocol: 2026-07-28 (stateless: no handshake,
// each request carries its `_meta` envelope, `server/discover`) and 2025-11-25 and older (`initialize`). Each call
// runs over the run's one SDK client (ctx.sdk(): the profile's credential, OAuth refresh included); its failures come
// back as tool errors carrying the CLI's message and hint (tool-result.ts).
import { McpServer, type RegisteredTool, type StandardSchemaWithJSON } from '@modelcontextprotocol/server'
import * as z from '../api/zod.js'
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import { AccountCatalog, liveCatalog } from './catalog.js'
import { errorResult, jsonResult } from './tool-result.js'
import { accountTools } from './tools/account.js'
import { chatTool, listAgentsTool } from './tools/agents.js'
import { askAgentTool } from './tools/ask-agent.js'
import { cmsTools } from './tools/cms.js'
import { fileTools } from './tools/files.js'
import { uploadDirFlag } from './local-files.js'
import type { AccountTool } from './tools/types.js'
import { mcpToolNames } from './tool-names.js'

/**
 * Every account tool, in the declared order (./tool-names.ts, by name). A tool defined but not declared there, or a
 * declared name no tool has, is a programming error: it stops this module from loading, so no test passes with it.
 */
function inDeclaredOrder(defined: readonly AccountTool[]): readonly AccountTool[] {
  const byName = new Map(defined.map((t) => [t.name, t]))
  const undeclared = defined.filter((t) => !mcpToolNames.includes(t.name)).map((t) => t.name)
  const missing = mcpToolNames.filter((n) => !byName.has(n))
  if (undeclared.length > 0 || missing.length > 0 || byName.size !== defined.length)
    throw new Error(
      `src/mcp/tool-names.ts and the defined tools disagree: undeclared ${undeclared.join(', ') || 'none'}, ` +
        `undefined ${missing.join(', ') || 'none'}`,
    )
  return mcpToolNames.map((n) => byName.get(n)!)
}

const allTools = inDeclaredOrder([listAgentsTool, chatTool, askAgentTool, ...accountTools, ...cmsTools, ...fileTools])

/**
 * An object that takes any members, as strict clients read it: zod writes `additionalProperties: {}` (and, for a
 * record, `propertyNames: {type: "string"}`), an empty schema some clients warn about; JSON Schema allows any
 * member when `additionalProperties` is absent, so both go (a typed one, `{type: "string"}`, stays).
 */
function plainObjects({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  const empty = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0
  if (empty(jsonSchema.additionalProperties)) delete jsonSchema.additionalProperties
  const names = jsonSchema.propertyNames as Record<string, unknown> | undefined
  if (names !== undefined && Object.keys(names).length === 1 && names.type === 'string') delete jsonSchema.propertyNames
}

/**
 * A tool's input or output as the SDK takes it (a Standard Schema that converts itself to JSON Schema): our zod/mini
 * object, which validates but does not carry the conversion, given zod's own toJSONSchema for it.
 */
function withJsonSchema(schema: z.ZodMiniObject): StandardSchemaWithJSON<Record<string, unknown>> {
  const convert = (io: 'input' | 'output') => (opts: { target: string }) =>
    z.toJSONSchema(schema, { target: opts.target as 'draft-2020-12', io, override: plainObjects }) as Record<
      string,
      unknown
    >
  const standard = schema['~standard'] as StandardSchemaWithJSON<Record<string, unknown>>['~standard']
  return { '~standard': { ...standard, jsonSchema: { input: convert('input'), output: convert('output') } } }
}

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
  const names: readonly string[] = mcpToolNames
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

/**
 * Builds one McpServer with these tools. The SDK binds an instance to one connection (stdio, a 2025 HTTP session)
 * or to one request (a 2026-07-28 HTTP request): the serving entries call this once for each (serve.ts, http.ts).
 * The descriptions that name the account's agents and scenarios are kept current by ./catalog.ts.
 */
export function createMcpServer(
  ctx: Context,
  tools: readonly AccountTool[],
  catalog: AccountCatalog,
  uploadFolders: readonly string[] = [],
): McpServer {
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
    const config = {
      title: tool.title,
      description: tool.readsLocalFiles ? tool.description + folderNote(uploadFolders) : tool.description,
      inputSchema: withJsonSchema(z.object(tool.input)),
      // a result may carry more than the declared fields (the service's records do)
      ...(tool.output ? { outputSchema: withJsonSchema(z.looseObject(tool.output)) } : {}),
      annotations,
    }
    const handle = server.registerTool(tool.name, config, async (args: Record<string, unknown>, extra) => {
      const token = extra.mcpReq._meta?.progressToken
      const progress = async (n: number, message?: string) => {
        if (token === undefined) return
        const params = { progressToken: token, progress: n, ...(message === undefined ? {} : { message }) }
        await extra.mcpReq.notify({ method: 'notifications/progress', params })
      }
      try {
        const sdk = await ctx.sdk()
        const call = { ctx, sdk, signal: extra.mcpReq.signal, progress, uploadFolders }
        return jsonResult(await tool.run(args as never, call))
      } catch (err) {
        return errorResult(err)
      }
    })
    registered.push({ tool, registered: handle })
  }
  liveCatalog(server, registered, catalog)
  return server
}

/** What a tool that reads local files says of the folders it may read. */
function folderNote(folders: readonly string[]): string {
  return folders.length > 0
    ? ` The allowed folders: ${folders.join(', ')}.`
    : ` No folder is allowed now (the user starts the server with ${uploadDirFlag} <folder>).`
}

/** The run's catalog of agents and scenarios, read once before serving when a tool names them. */
export async function accountCatalog(
  ctx: Context,
  tools: readonly AccountTool[],
  pollMs?: number,
): Promise<AccountCatalog> {
  const catalog = new AccountCatalog(() => ctx.sdk(), pollMs)
  if (tools.some((t) => t.names)) await catalog.refresh()
  return catalog
}
