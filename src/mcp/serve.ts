// `agentry mcp serve`: the account's tools to an MCP client of either era (2026-07-28, 2025-11-25 and older), over stdio (default; stdout then carries only
// JSON-RPC) or Streamable HTTP on 127.0.0.1 with a bearer token. It runs until the client closes stdin, or Ctrl-C /
// SIGTERM (then it ends with 0, as `emulator start` does).
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import type { Context } from '../context.js'
import type { AccountCatalog } from './catalog.js'
import { cmsManagement } from './cms-access.js'
import { serveHttp } from './http.js'
import { drainingStdin } from './stdio-drain.js'
import { allowedFolders } from './local-files.js'
import { accountCatalog, chooseTools, createMcpServer, type ToolChoice } from './server.js'
import type { AccountTool } from './tools/types.js'

/** How `mcp serve` runs. */
export interface ServeOptions extends ToolChoice {
  /** --http: the port (0: any free one); undefined: stdio */
  http?: number | undefined
  /** --upload-dir: the folders upload_file may read from */
  uploadDirs?: readonly string[] | undefined
}

/**
 * The tools served to this run's credential: the choice (chooseTools), without the CMS writes (cms_save,
 * cms_publish, cms_unpublish, cms_delete) when the credential has no CMS management access (a note on stderr says so).
 */
export async function servedTools(ctx: Context, choice: ToolChoice): Promise<AccountTool[]> {
  const tools = chooseTools(choice)
  const sdk = await ctx.sdk()
  const management = tools.some((t) => t.cmsManagement) ? await cmsManagement(sdk) : { allowed: true }
  if (management.allowed) return tools
  const left = tools.filter((t) => t.cmsManagement).map((t) => t.name)
  ctx.info(
    `note: ${left.join(', ')} ${left.length === 1 ? 'is' : 'are'} left out: ${'why' in management ? management.why : ''}`,
  )
  return tools.filter((t) => !t.cmsManagement)
}

/** Runs the MCP server until its client leaves or the run is asked to stop. */
export async function serveMcp(ctx: Context, opts: ServeOptions): Promise<void> {
  const folders = await allowedFolders(opts.uploadDirs ?? [])
  const tools = await servedTools(ctx, opts)
  if (tools.length === 0) ctx.warn('no tools to offer')
  const catalog = await accountCatalog(ctx, tools)
  const stop = ctx.stopRequest()
  try {
    await serveUntil(ctx, tools, catalog, folders, opts, stop.requested)
  } finally {
    stop.release()
  }
}

/** Serves `tools` over stdio or HTTP until the client leaves or `stopped` resolves. */
async function serveUntil(
  ctx: Context,
  tools: AccountTool[],
  catalog: AccountCatalog,
  folders: readonly string[],
  opts: ServeOptions,
  stopped: Promise<void>,
) {
  const newServer = () => createMcpServer(ctx, tools, catalog, folders)
  if (opts.http !== undefined) {
    const http = await serveHttp(opts.http, newServer, catalog)
    ctx.io.stderr.write(`MCP server (Streamable HTTP): ${http.url}\nbearer token: ${http.token}\n`)
    ctx.info(`tools: ${tools.map((t) => t.name).join(', ')}\n(Ctrl-C to stop)`)
    try {
      await stopped
    } finally {
      await http.close()
    }
    return
  }
  // the SDK's stdio entry decides the era from the first message (server/discover or a request with its _meta
  // envelope: 2026-07-28; initialize or no envelope: 2025) and keeps one instance for the connection
  const stdin = drainingStdin()
  const transport = new StdioServerTransport(stdin.input, process.stdout)
  const connection = serveStdio(newServer, {
    transport,
    onerror: (err) => ctx.debug(`mcp: ${err.message}`),
  })
  const closed = new Promise<void>((resolve) => {
    const close = transport.onclose
    transport.onclose = () => {
      close?.()
      resolve()
    }
  })
  stdin.watch(transport)
  try {
    await Promise.race([stopped, closed])
  } finally {
    await connection.close().catch(() => {})
    stdin.stop()
  }
}
