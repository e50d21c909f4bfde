// `agentry a2a task get <agentId|card-url> <taskId>` (commands.md, second round): a task the agent keeps, by the
// endpoint and generation its card names (GetTask / tasks/get: A2A 3.1.3).
import { arg, defineCommand } from '../../define.js'
import { int } from '../../options.js'
import { resolveAgent } from '../../../a2a/client.js'
import { call } from '../../../a2a/rpc.js'
import { readTask } from '../../../a2a/wire.js'
import { printTask } from './print.js'

export default defineCommand({
  path: ['a2a', 'task', 'get'],
  summary: "Show a task's state, reply and artifacts",
  args: {
    agent: arg('<agent>', 'an agent id, or the URL of its card'),
    taskId: arg('<taskId>', 'the task id (from `a2a send --json`, .id)'),
  },
  options: {
    history: int('--history <n>', 'at most this many recent messages of its history, 0 to 1000 (0: none)', {
      min: 0,
      max: 1000,
    }),
  },
  examples: [
    'agentry a2a task get demo-assistant 0b6f…',
    'agentry a2a task get https://agents.example.com/.well-known/agent-card.json 0b6f… --json | jq .status.state',
  ],
  run: async ({ agent, taskId, history }, ctx) => {
    const { endpoint } = await resolveAgent(ctx, agent)
    const params = { id: taskId, ...(history !== undefined ? { historyLength: history } : {}) }
    await printTask(ctx, readTask(await call(ctx, endpoint, 'get', params)))
  },
})
