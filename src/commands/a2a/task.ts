// `agentry a2a task get|cancel <agentId|card-url> <taskId>` (commands.md, second round): a task the agent keeps,
// by the endpoint and generation its card names (GetTask / tasks/get, CancelTask / tasks/cancel: A2A 3.1.3, 3.1.5).
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { examples, parseOptions } from '../shared.js'
import { resolveAgent } from './client.js'
import { replyText, stateOf } from './protocol.js'
import { call } from './rpc.js'
import { readTask } from './wire.js'

/** A task as key/value rows for tables and TSV. */
export function taskSummary(task: unknown): Record<string, unknown> {
  const t = (task ?? {}) as { id?: unknown; contextId?: unknown; status?: { timestamp?: unknown } }
  return {
    id: t.id,
    contextId: t.contextId,
    state: stateOf(task),
    updated: t.status?.timestamp,
    reply: replyText(task),
  }
}

async function printTask(ctx: Context, task: unknown): Promise<void> {
  const out = ctx.output()
  await out.item(out.format === 'table' || out.format === 'tsv' ? taskSummary(task) : task)
}

const getSchema = z.object({ history: z.coerce.number().int().min(0).max(1000).optional() })

/** The `a2a task` group. */
export function taskCommand(ctx: Context): Command {
  const task = new Command('task').description('Look at or cancel a task an agent keeps (A2A)')
  const get = new Command('get')
    .description("Show a task's state, reply and artifacts")
    .argument('<agent>', 'an agent id, or the URL of its card')
    .argument('<taskId>', 'the task id (from `a2a send --json`, .id)')
    .option('--history <n>', 'at most this many recent messages of its history (0: none)')
    .action(async (target: string, taskId: string, raw: unknown) => {
      const o = parseOptions(getSchema, raw)
      const { endpoint } = await resolveAgent(ctx, target)
      const params = { id: taskId, ...(o.history !== undefined ? { historyLength: o.history } : {}) }
      await printTask(ctx, readTask(await call(ctx, endpoint, 'get', params)))
    })
  examples(get, [
    'agentry a2a task get demo-assistant 0b6f…',
    'agentry a2a task get https://agents.example.com/.well-known/agent-card.json 0b6f… --json | jq .status.state',
  ])
  const cancel = new Command('cancel')
    .description('Cancel a running task (exit 5 when it has already ended)')
    .argument('<agent>', 'an agent id, or the URL of its card')
    .argument('<taskId>', 'the task id')
    .action(async (target: string, taskId: string) => {
      const { endpoint } = await resolveAgent(ctx, target)
      await printTask(ctx, readTask(await call(ctx, endpoint, 'cancel', { id: taskId })))
    })
  examples(cancel, ['agentry a2a task cancel demo-assistant 0b6f…'])
  examples(task, ['agentry a2a task get demo-assistant 0b6f…', 'agentry a2a task cancel demo-assistant 0b6f…'])
  return task.addCommand(get).addCommand(cancel)
}
