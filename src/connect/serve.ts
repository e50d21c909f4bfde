// `agentry connect --handler`: the Context's side of the worker (worker.ts): the handler's argv, the service's
// queue, the local policy with its question on a terminal, the event lines (stderr) or events (`-o ndjson`, stdout),
// the local log, and Ctrl-C / SIGTERM. Returns the stop signal when one ended it, undefined for --max-tasks and
// --idle-exit.
import { accessSync, constants } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'
import type { DesktopTask } from '../api/schemas/desktop.js'
import { desktopTaskText } from '../api/schemas/desktop.js'
import type { Context } from '../context.js'
import { CliError, UsageError } from '../errors.js'
import { formatDuration } from '../io/format-duration.js'
import { holdSteadyCode, holdSteadyHeap } from '../io/steady-heap.js'
import { writeAll } from '../io/iostreams.js'
import { stringifyJson } from '../text/sanitize.js'
import { splitCommand } from './argv.js'
import { runHandler } from './handler.js'
import { type Ask, LocalPolicy, parseApprove } from './policy.js'
import { taskRecorder } from './record.js'
import { type TaskRecord, Worker, type WorkerEvent } from './worker.js'

/** Most bytes of a handler's stdout sent as the answer. */
const maxAnswerBytes = 1024 * 1024

/** What `connect serve` was given. */
export interface ServeOptions {
  handler: string
  approve: readonly string[]
  intervalMs: number
  concurrency: number
  taskTimeoutMs: number
  graceMs: number
  maxTasks: number | undefined
  idleExitMs: number | undefined
}

/** Runs the worker until it ends; the stop signal when one ended it. */
export async function serveTasks(ctx: Context, o: ServeOptions): Promise<'SIGINT' | 'SIGTERM' | undefined> {
  const argv = splitCommand(o.handler)
  checkProgram(argv[0]!, ctx.env)
  const sdk = await ctx.sdk()
  const access = await sdk.desktop.access.get()
  if (!access.enabled)
    throw new CliError('desktop access is off for this account: no task can reach this machine', {
      hint: 'turn it on with: agentry connect access --enable',
    })
  // a long-running worker: each task's garbage (a poll, a spawn, an answer) must not grow the heap for good
  holdSteadyHeap()
  // and no optimizing compilers: only in the CLI's own process (an in-process test shares its process with others)
  if (ctx.io.stdout === process.stdout) holdSteadyCode()
  const ndjson = ctx.globals.output === 'ndjson'
  const emit = (e: WorkerEvent) => {
    const at = new Date(ctx.now()).toISOString()
    if (ndjson) void writeAll(ctx.io.stdout, `${stringifyJson({ ...e, at })}\n`)
    else ctx.info(`${at.slice(11, 19)} ${eventLine(e)}`)
  }
  const ask: Ask | undefined = ctx.io.canPrompt()
    ? async (question) =>
        (await ctx.prompter('--approve')).select(question, [
          { name: 'Run it once', value: 'once' },
          { name: 'Refuse it', value: 'refuse' },
          { name: 'Always run tasks from this agent (this session)', value: 'always' },
        ])
    : undefined
  if (ctx.emulator)
    ctx.info(
      'note: --emulator runs an emulator inside this process, which no other process reaches; for a chat in another terminal, start one with `agentry emulator start` and point both at it (docs/connect.md)',
    )
  const policy = new LocalPolicy(parseApprove(o.approve), ask)
  const record = await recorder(ctx)
  const worker = new Worker(
    {
      tasks: sdk.desktop.tasks,
      decide: (task) => policy.decide(task),
      run: (task, stop) =>
        runHandler(argv, handlerInput(task), {
          timeoutMs: o.taskTimeoutMs,
          maxOutputBytes: maxAnswerBytes,
          stop,
          env: ctx.env,
        }),
      now: () => ctx.now(),
      sleep,
      emit,
      record,
      redact: (s) => ctx.redactor.text(s),
    },
    {
      intervalMs: o.intervalMs,
      concurrency: o.concurrency,
      maxTasks: o.maxTasks,
      idleExitMs: o.idleExitMs,
      graceMs: o.graceMs,
    },
  )
  const release = ctx.onInterrupt(() => worker.stop(ctx.stopSignal ?? 'SIGINT'))
  try {
    const end = await worker.run()
    return end === 'signal' ? ((ctx.stopSignal ?? 'SIGINT') as 'SIGINT' | 'SIGTERM') : undefined
  } finally {
    release()
  }
}

/** The task as the handler reads it on stdin: one JSON object. */
function handlerInput(task: DesktopTask): string {
  return JSON.stringify({
    id: task.id,
    text: desktopTaskText(task),
    parts: task.message?.parts ?? [],
    source_agent_id: task.source_agent_id ?? null,
    source_chat_id: task.source_chat_id ?? null,
    messages: task.messages ?? [],
    created_at: task.created_at ?? null,
    expires_at: task.expires_at ?? null,
  })
}

/** The program must exist before the first poll: a typo is the user's to fix, not a task's failure. */
function checkProgram(program: string, env: NodeJS.ProcessEnv): void {
  const runnable = (path: string) => {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  }
  const found =
    program.includes('/') || isAbsolute(program)
      ? runnable(program)
      : (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && runnable(join(dir, program)))
  if (!found)
    throw new UsageError(
      `--handler: ${program} is not a program this machine can run (not found, or not executable)`,
      'give a program on the PATH or a path to an executable file: --handler ./handle-task.sh',
    )
}

/**
 * The log's writer, or a no-op when the log is off. The log is opened for each task and closed after it: a worker
 * runs for hours between rare tasks, and an open database keeps its page cache resident all that time.
 */
async function recorder(ctx: Context): Promise<(r: TaskRecord) => Promise<void>> {
  const logs = await import('../logs/index.js')
  if (!(await logs.logEnabled(ctx))) return async () => {}
  const [{ openLogDb }, { LogStore }] = await Promise.all([import('../logs/db.js'), import('../logs/store.js')])
  const settings = await ctx.settings()
  const info = { profile: ctx.profile().value, baseUrl: settings.baseUrl?.value as string | undefined }
  let warned = false
  const warn = (m: string) => {
    if (!warned) ctx.warn(m)
    warned = true
  }
  return async (r) => {
    const db = await openLogDb(logs.logPath(ctx)).catch((e: Error) => warn(e.message))
    if (!db) return
    try {
      taskRecorder(
        new LogStore(db),
        info,
        (s) => ctx.redactor.text(s),
        () => ctx.now(),
        warn,
      )(r)
    } finally {
      db.close()
    }
  }
}

/** Waits `ms`, or until `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** One event as a line on stderr (made terminal-safe by ctx.info). */
function eventLine(e: WorkerEvent): string {
  const quote = (s: string) => JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}…` : s)
  switch (e.event) {
    case 'listening':
      return `polling the desktop queue every ${formatDuration(e.intervalMs)}, ${e.concurrency} task${e.concurrency === 1 ? '' : 's'} at a time (Ctrl-C stops)`
    case 'taken':
      return `task ${e.task} from ${e.agent}${e.chat ? ` (chat ${e.chat})` : ''}, queued ${formatDuration(e.waitedMs)} ago: ${quote(e.text)}`
    case 'refused':
      return `refused ${e.task} from ${e.agent}: ${e.why}`
    case 'approved':
      return `approved ${e.task} (${e.by}); running the handler`
    case 'started':
      return `started ${e.task}`
    case 'answered':
      return `answered ${e.task}: ${e.outcome}${e.exitCode === null ? '' : `, exit ${e.exitCode}`}, ${formatDuration(e.ms)}, ${e.bytes} bytes`
    case 'busy':
      return `busy: answered ${e.task} from ${e.agent} "busy"`
    case 'expired':
      return `skipped ${e.task} from ${e.agent}: it expired at ${e.expiresAt}`
    case 'lost':
      return `not running ${e.task}: ${e.why}`
    case 'answer-failed':
      return `could not answer ${e.task}: ${e.error}`
    case 'poll-failed':
      return `polling failed (${e.failures} in a row): ${e.error}; next try in ${formatDuration(e.retryInMs)}`
    case 'poll-recovered':
      return `polling works again after ${e.failures} failure${e.failures === 1 ? '' : 's'} (${formatDuration(e.downMs)})`
    case 'stopping':
      return `${e.signal}: no more polling; ${e.running} running task${e.running === 1 ? '' : 's'} get ${formatDuration(e.graceMs)} to finish`
    case 'stopped':
      return `stopped (${e.reason}) after ${e.tasks} task${e.tasks === 1 ? '' : 's'}`
  }
}
