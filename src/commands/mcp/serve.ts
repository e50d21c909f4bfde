// `agentry mcp serve` (commands.md): the account as an MCP server. The MCP SDK is loaded only when the
// server starts (dynamic import), so no other command pays for it.
import { UsageError } from '../../errors.js'
import { mcpToolsHelp } from '../../mcp/tool-names.js'
import { defineCommand } from '../define.js'
import { custom, flag, list, port } from '../options.js'

/** `--tools a,b`: the tool names, none empty (serveMcp checks that each one exists). */
function toolNames(value: string, flag: string): string[] {
  const names = value.split(',').map((n) => n.trim())
  if (names.some((n) => n === ''))
    throw new UsageError(`${flag}: give tool names separated by commas, e.g. list_agents,ask_agent`)
  return names
}

export default defineCommand({
  path: ['mcp', 'serve'],
  summary: 'Serve the account (agents, scenarios, webhooks, CMS, sites, images) as MCP tools',
  options: {
    http: port('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port> instead of stdio'),
    tools: custom('--tools <names>', 'expose only these tools (comma-separated)', toolNames),
    readOnly: flag(
      '--read-only',
      'expose only the tools that read (no chat, ask, run, trigger, save, delete, upload, generate)',
    ),
    uploadDir: list('--upload-dir <folder>', 'let upload_file read files inside this folder (repeatable)', {
      nonEmpty: true,
    }),
  },
  examples: [
    'claude mcp add agentry -- agentry mcp serve',
    'agentry mcp serve --read-only --tools list_agents,cms_query',
    'agentry --profile work mcp serve --http 8765',
    'agentry mcp serve --upload-dir ~/exports --upload-dir ./public',
  ],
  helpAfter: `
Tools, in the order they are served:
${mcpToolsHelp()}

The CMS writes (cms_save, cms_publish, cms_unpublish, cms_delete) are offered only when the credential has CMS
management access. upload_file reads only files inside the folders given with --upload-dir (by their real paths:
no way out by .. or a symbolic link); without one, it refuses and says so. With --http, the bearer token is printed
on stderr at start and every request must carry it (Authorization: Bearer <token>). Clients of either MCP revision
are served: 2026-07-28 (stateless: server/discover, _meta on each request) and 2025-11-25 or older (initialize).`,
  run: async ({ http, tools, readOnly, uploadDir }, ctx) => {
    const { serveMcp } = await import('../../mcp/serve.js')
    await serveMcp(ctx, { http, only: tools, readOnly, uploadDirs: uploadDir })
  },
})
