// `agentry connect tasks [--status s]`: the account's desktop tasks.
import { defineCommand } from '../define.js'
import { text } from '../options.js'
import { taskFields } from './fields.js'

export default defineCommand({
  path: ['connect', 'tasks'],
  summary: "List the account's desktop tasks",
  options: {
    status: text('--status <status>', 'only tasks of this status: pending, awaiting_confirmation, running, …', {
      nonEmpty: true,
    }),
  },
  examples: [
    'agentry connect tasks',
    'agentry connect tasks --status awaiting_confirmation',
    'agentry connect tasks --json',
  ],
  run: async (o, ctx) => {
    const tasks = await (await ctx.sdk()).desktop.tasks.list(o.status !== undefined ? { status: o.status } : {})
    await ctx.output().list(tasks, taskFields)
  },
})
