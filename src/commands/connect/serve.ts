// `agentry connect [serve] --handler <command>`: the worker (src/connect/worker.ts; docs/connect.md). What runs is
// decided here, never by the service: --approve, else a question on a terminal, else refused.
import { CancelledError, CliError } from '../../errors.js'
import { defineCommand } from '../define.js'
import { decimal, int, list, required, text } from '../options.js'

export default defineCommand({
  path: ['connect', 'serve'],
  isDefault: true,
  summary: 'Serve desktop tasks with a local handler (the default of `agentry connect`)',
  options: {
    handler: required(
      text(
        '--handler <command>',
        'the program that answers a task: the task as JSON on stdin, the answer on stdout; run without a shell',
        { nonEmpty: true },
      ),
    ),
    approve: list(
      '--approve <all|agentId,…>',
      'run tasks from these source agents (or all) without asking; needed without a terminal',
    ),
    interval: decimal('--interval <seconds>', 'time between two polls of the queue', {
      above: 0,
      max: 3600,
      unit: 's',
      default: 5,
    }),
    concurrency: int('--concurrency <n>', 'tasks run at once; more are answered "busy"', {
      min: 1,
      max: 64,
      default: 1,
    }),
    taskTimeout: decimal(
      '--task-timeout <seconds>',
      'longest a handler may run; then it is stopped and the task answered so',
      { above: 0, max: 86_400, unit: 's', default: 600 },
    ),
    grace: decimal('--grace <seconds>', 'after Ctrl-C or SIGTERM, how long running handlers may finish', {
      above: 0,
      max: 60,
      unit: 's',
      default: 3,
    }),
    maxTasks: int('--max-tasks <n>', 'stop (exit 0) after taking this many tasks', { min: 1 }),
    idleExit: decimal('--idle-exit <seconds>', 'stop (exit 0) after this long without a task', {
      above: 0,
      max: 86_400 * 7,
      unit: 's',
    }),
  },
  examples: [
    'agentry connect --handler ./handle-task.sh',
    'agentry connect --handler "tr a-z A-Z" --approve all --max-tasks 1',
    'agentry connect --handler "node triage.mjs" --approve my-ci-agent --idle-exit 600 -o ndjson',
  ],
  helpAfter:
    'The handler gets one task as a JSON object on stdin ({id, text, parts, source_agent_id, source_chat_id,\n' +
    "created_at, expires_at}) and none of agentry's credentials in its environment; its stdout (up to 1 MiB, UTF-8)\n" +
    'is the answer. See docs/connect.md for the safety model and recipes.',
  run: async (o, ctx) => {
    const { serveTasks } = await import('../../connect/serve.js')
    const end = await serveTasks(ctx, {
      handler: o.handler,
      approve: o.approve,
      intervalMs: o.interval * 1000,
      concurrency: o.concurrency,
      taskTimeoutMs: o.taskTimeout * 1000,
      graceMs: o.grace * 1000,
      maxTasks: o.maxTasks,
      idleExitMs: o.idleExit === undefined ? undefined : o.idleExit * 1000,
    })
    if (end === 'SIGTERM') throw new CliError('stopped by SIGTERM', { exitCode: 143 })
    if (end === 'SIGINT') throw new CancelledError()
  },
})
