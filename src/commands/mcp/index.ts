// `agentry mcp serve` (commands.md; issue 10): the account as an MCP server. The MCP SDK is loaded only when the
// server starts (dynamic import), so no other command pays for it.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { examples, parseOptions } from '../shared.js'

const serveSchema = z.object({
  http: z.coerce
    .number({ message: 'give a port number, e.g. --http 8765 (0: any free port)' })
    .int('give a whole number')
    .min(0, 'a port is 0–65535')
    .max(65535, 'a port is 0–65535')
    .optional(),
  tools: z
    .string()
    .transform((s) => s.split(',').map((n) => n.trim()))
    .refine((names) => names.every((n) => n !== ''), 'give tool names separated by commas, e.g. list_agents,ask_agent')
    .optional(),
  readOnly: z.boolean().default(false),
})

/** Registers the mcp group. */
export function register(program: Command, ctx: Context): void {
  const group = new Command('mcp').description('Model Context Protocol: serve the account to MCP clients')
  const serve = new Command('serve')
    .description('Serve the account (agents, scenarios, webhooks, CMS, sites, images) as MCP tools')
    .addOption(new Option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port> (0: any) instead of stdio'))
    .option('--tools <names>', 'expose only these tools (comma-separated)')
    .option('--read-only', 'expose only the tools that read (no ask, run, trigger, save, delete, generate)')
    .action(async (raw) => {
      const opts = parseOptions(serveSchema, raw)
      const { serveMcp } = await import('../../mcp/serve.js')
      await serveMcp(ctx, { http: opts.http, only: opts.tools, readOnly: opts.readOnly })
    })
  serve.addHelpText(
    'after',
    `
Tools: list_agents, ask_agent, list_scenarios, run_scenario, trigger_webhook, cms_query, cms_get, cms_save,
cms_delete, list_sites, list_pages, analyze_image, generate_image. cms_save and cms_delete are offered only when
the credential has CMS management access. With --http, the bearer token is printed on stderr at start and every
request must carry it (Authorization: Bearer <token>).`,
  )
  examples(serve, [
    'claude mcp add agentry -- agentry mcp serve',
    'agentry mcp serve --read-only --tools list_agents,cms_query',
    'agentry --profile work mcp serve --http 8765',
  ])
  group.addCommand(serve)
  program.addCommand(group)
}
