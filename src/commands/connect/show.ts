// `agentry connect show <taskId>`: one desktop task, with its text and response.
import { arg, defineCommand } from '../define.js'
import { taskDetailFields } from './fields.js'

export default defineCommand({
  path: ['connect', 'show'],
  summary: 'Show one desktop task',
  args: { taskId: arg('<taskId>', 'the task id') },
  examples: ['agentry connect show dtask_123', 'agentry connect show dtask_123 --json'],
  run: async ({ taskId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).desktop.tasks.get(taskId), taskDetailFields)
  },
})
