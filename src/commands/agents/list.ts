// `agentry agents list`: the agents of the account, a page or --all.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { agentFields } from './fields.js'

export default defineCommand({
  path: ['agents', 'list'],
  aliases: ['ls'],
  summary: 'List the agents of the account',
  options: listOptions,
  examples: ['agentry agents list', 'agentry agents list --all --json', 'agentry agents ls --limit 5 -o yaml'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).agents.list(opts), opts, agentFields, 'agents')
  },
})
