// `agentry connect approve <taskId>`: approves a task awaiting confirmation on the service (it becomes pending; a
// machine's own policy still decides whether it runs there).
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['connect', 'approve'],
  summary: 'Approve a desktop task awaiting confirmation',
  args: { taskId: arg('<taskId>', 'the task id') },
  examples: ['agentry connect approve dtask_123'],
  run: async ({ taskId }, ctx) => {
    await (await ctx.sdk()).desktop.tasks.approve(taskId)
    ctx.info(`approved ${taskId}`)
  },
})
