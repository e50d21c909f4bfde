// `agentry keys list`: the API keys of the account (prefixes, never keys).
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { keyFields } from './fields.js'

export default defineCommand({
  path: ['keys', 'list'],
  aliases: ['ls'],
  summary: 'List the API keys of the account',
  options: listOptions,
  examples: ['agentry keys list', 'agentry keys ls --json'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).keys.list(opts), opts, keyFields, 'keys')
  },
})
