// `agentry sites list`: the sites of the account, a page or --all.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { siteFields } from './fields.js'

export default defineCommand({
  path: ['sites', 'list'],
  aliases: ['ls'],
  summary: 'List sites',
  options: listOptions,
  examples: ['agentry sites list', 'agentry sites list --all --json'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).sites.list(opts), opts, siteFields, 'sites')
  },
})
