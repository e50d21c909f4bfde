// `agentry agents list|get|card`.
import { Command } from 'commander'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { printList } from '../list-notes.js'

/** Columns of `agents list`. */
export const agentFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (a) => a.id },
  { header: 'NAME', get: (a) => a.name },
  { header: 'MODEL', get: (a) => a.model },
  { header: 'DESCRIPTION', get: (a) => a.description },
]

/** Registers the agents group. */
export function register(program: Command, ctx: Context): void {
  const agents = new Command('agents').alias('agent').description('List agents, show one, show its A2A card')
  const list = withListOptions(new Command('list').alias('ls').description('List the agents of the account')).action(
    async (raw) => {
      const opts = parseOptions(listOptionsSchema, raw)
      const sdk = await ctx.sdk()
      await printList(ctx, sdk.agents.list(opts), opts, agentFields, 'agents')
    },
  )
  examples(list, ['agentry agents list', 'agentry agents list --all --json', 'agentry agents ls --limit 5 -o yaml'])
  const get = new Command('get')
    .description('Show one agent')
    .argument('<agentId>', 'the agent id')
    .action(async (agentId: string) => {
      const agent = await (await ctx.sdk()).agents.get(agentId)
      await ctx.output().item(agent)
    })
  examples(get, ['agentry agents get ag_123', 'agentry agents get ag_123 --json | jq .systemPrompt'])
  const card = new Command('card')
    .description("Show an agent's A2A card (capabilities, skills, endpoint)")
    .argument('<agentId>', 'the agent id')
    .action(async (agentId: string) => {
      const c = await (await ctx.sdk()).agents.card(agentId)
      await ctx.output().item(c)
    })
  examples(card, ['agentry agents card ag_123', 'agentry agents card ag_123 --json'])
  program.addCommand(agents.addCommand(list).addCommand(get).addCommand(card))
}
