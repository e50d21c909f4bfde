// `agentry scenario list`: the scenarios of the account, a page or --all.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { scenarioFields } from './fields.js'

export default defineCommand({
  path: ['scenario', 'list'],
  aliases: ['ls'],
  summary: 'List the scenarios of the account',
  options: listOptions,
  examples: ['agentry scenario list', 'agentry scenarios ls --all --json'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).scenarios.list(opts), opts, scenarioFields, 'scenarios')
  },
})
