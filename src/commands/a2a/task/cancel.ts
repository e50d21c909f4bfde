// `agentry a2a task cancel <agentId|card-url> <taskId>` (commands.md, second round): CancelTask / tasks/cancel
// (A2A 3.1.5); exit 5 when the task has already ended.
import { arg, defineCommand } from '../../define.js'
import { resolveAgent } from '../../../a2a/client.js'
import { call } from '../../../a2a/rpc.js'
import { readTask } from '../../../a2a/wire.js'
import { printTask } from './print.js'

export default defineCommand({
  path: ['a2a', 'task', 'cancel'],
  summary: 'Cancel a running task (exit 5 when it has already ended)',
  args: { agent: arg('<agent>', 'an agent id, or the URL of its card'), taskId: arg('<taskId>', 'the task id') },
  examples: ['agentry a2a task cancel demo-assistant 0b6f…'],
  run: async ({ agent, taskId }, ctx) => {
    const { endpoint } = await resolveAgent(ctx, agent)
    await printTask(ctx, readTask(await call(ctx, endpoint, 'cancel', { id: taskId })))
  },
})
