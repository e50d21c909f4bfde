// `agentry schedule list`: the schedules of the account, a page or --all.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { scheduleFields } from './fields.js'

export default defineCommand({
  path: ['schedule', 'list'],
  aliases: ['ls'],
  summary: 'List the schedules of the account',
  options: listOptions,
  examples: ['agentry schedule list', 'agentry schedules ls --all --json'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).schedules.list(opts), opts, scheduleFields, 'schedules')
  },
})
