// The worker of `agentry connect --handler` (docs/connect.md): polls the account's desktop queue and, for each task
// awaiting a machine, decides by the local policy (policy.ts) whether it may run, approves it on the service when it
// awaits confirmation, takes it (marks it running: a task another machine took is never run), runs the handler
// (handler.ts) and posts its answer. Every task is answered — refused, busy, failed or stopped — but one that expired
// or that another machine took. Time, the service and the handler are injected, so tests drive it on a fake clock.
import { ApiError, ConflictError } from '../api/errors.js'
import { parseRetryAfter } from '../api/retry.js'
import { type DesktopTask, desktopTaskText } from '../api/schemas/desktop.js'
import type { HandlerResult } from './handler.js'
import type { Decision } from './policy.js'

/** One thing that happened: a line on stderr, or an ndjson event on stdout (`-o ndjson`). */
export type WorkerEvent =
  | { event: 'listening'; intervalMs: number; concurrency: number }
  | { event: 'taken'; task: string; agent: string; chat: string | null; text: string; waitedMs: number }
  | { event: 'refused'; task: string; agent: string; why: string }
  | { event: 'approved'; task: string; agent: string; by: string }
  | { event: 'started'; task: string }
  | { event: 'answered'; task: string; outcome: string; exitCode: number | null; ms: number; bytes: number }
  | { event: 'busy'; task: string; agent: string }
  | { event: 'expired'; task: string; agent: string; expiresAt: string }
  | { event: 'lost'; task: string; why: string }
  | { event: 'answer-failed'; task: string; error: string }
  | { event: 'poll-failed'; error: string; retryInMs: number; failures: number }
  | { event: 'poll-recovered'; failures: number; downMs: number }
  | { event: 'stopping'; signal: string; graceMs: number; running: number }
  | { event: 'stopped'; reason: 'max-tasks' | 'idle' | 'signal'; tasks: number }

/** What the log keeps of one task (src/connect/record.ts). */
export interface TaskRecord {
  task: DesktopTask
  decision: string
  outcome: string
  exitCode: number | null
  answer: string | undefined
  ms: number
}

/** The part of `client.desktop.tasks` the worker uses. */
interface TaskQueue {
  list(query: { status?: string }): Promise<DesktopTask[]>
  approve(id: string): Promise<void>
  start(id: string): Promise<void>
  respond(id: string, response: string): Promise<void>
}

/** What the worker works with. */
export interface WorkerDeps {
  tasks: TaskQueue
  decide(task: DesktopTask): Promise<Decision>
  run(task: DesktopTask, stop: AbortSignal): Promise<HandlerResult>
  now(): number
  /** waits `ms`, or less when `signal` aborts */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  emit(e: WorkerEvent): void
  record(r: TaskRecord): void | Promise<void>
  /** scrubs known secret values out of text the answer carries */
  redact(s: string): string
}

/** How the worker runs. */
export interface WorkerOptions {
  intervalMs: number
  concurrency: number
  /** stop after this many tasks taken (answered by the handler or refused), exit 0 */
  maxTasks?: number | undefined
  /** stop after this long with nothing to do, exit 0 */
  idleExitMs?: number | undefined
  /** how long running handlers get after a stop before they are ended */
  graceMs: number
  /** the longest wait between polls after errors */
  maxBackoffMs?: number
}

/** Why the worker ended. */
export type WorkerEnd = 'max-tasks' | 'idle' | 'signal'

const busyAnswer =
  'busy: this machine is already running as many tasks as it takes (agentry connect --concurrency); ask again later'
const stoppedAnswer = 'stopped: the worker on this machine was shut down before the handler finished'

export class Worker {
  readonly #stopPolling = new AbortController()
  readonly #stopHandlers = new AbortController()
  readonly #inFlight = new Map<string, Promise<void>>()
  /** ids dealt with, kept while the queue still lists them (so memory stays flat over a long run) */
  #seen = new Set<string>()
  #taken = 0
  #signal: string | undefined
  #lastActivity = 0

  constructor(
    private readonly deps: WorkerDeps,
    private readonly opts: WorkerOptions,
  ) {}

  /** Asks the worker to stop (Ctrl-C, SIGTERM): no more polling; running handlers get the grace period. */
  stop(signal: string): void {
    this.#signal ??= signal
    this.#stopPolling.abort()
  }

  /** Polls until stopped, --max-tasks or --idle-exit; running tasks are answered before it returns. */
  async run(): Promise<WorkerEnd> {
    const { deps, opts } = this
    deps.emit({ event: 'listening', intervalMs: opts.intervalMs, concurrency: opts.concurrency })
    this.#lastActivity = deps.now()
    let failures = 0
    let downSince = 0
    let end: WorkerEnd | undefined
    while (end === undefined) {
      if (this.#stopPolling.signal.aborted) {
        end = 'signal'
        break
      }
      let wait = opts.intervalMs
      try {
        const [awaiting, pending] = await Promise.all([
          deps.tasks.list({ status: 'awaiting_confirmation' }),
          deps.tasks.list({ status: 'pending' }),
        ])
        if (failures > 0) deps.emit({ event: 'poll-recovered', failures, downMs: deps.now() - downSince })
        failures = 0
        this.#take([...awaiting, ...pending])
      } catch (e) {
        if (failures++ === 0) downSince = deps.now()
        wait = this.#backoff(failures, e)
        deps.emit({ event: 'poll-failed', error: deps.redact(messageOf(e)), retryInMs: wait, failures })
      }
      if (opts.maxTasks !== undefined && this.#taken >= opts.maxTasks) end = 'max-tasks'
      else if (
        opts.idleExitMs !== undefined &&
        this.#inFlight.size === 0 &&
        deps.now() - this.#lastActivity >= opts.idleExitMs
      )
        end = 'idle'
      else await deps.sleep(wait, this.#stopPolling.signal)
    }
    await this.#finish()
    deps.emit({ event: 'stopped', reason: end, tasks: this.#taken })
    return end
  }

  /** The signal that stopped the worker, if one did. */
  get stopSignal(): string | undefined {
    return this.#signal
  }

  /** Deals with each task not seen yet, oldest first. */
  #take(listed: DesktopTask[]): void {
    const listedIds = new Set(listed.map((t) => t.id))
    this.#seen = new Set([...this.#seen].filter((id) => listedIds.has(id) || this.#inFlight.has(id)))
    const fresh = listed
      .filter((t) => !this.#seen.has(t.id))
      .sort((a, b) => String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')))
    for (const task of fresh) {
      this.#seen.add(task.id)
      if (this.opts.maxTasks !== undefined && this.#taken >= this.opts.maxTasks) return
      this.#lastActivity = this.deps.now()
      if (this.#expired(task)) {
        this.deps.emit({ event: 'expired', task: task.id, agent: agentOf(task), expiresAt: task.expires_at ?? '' })
        continue
      }
      const full = this.#inFlight.size >= this.opts.concurrency
      if (!full) this.#taken++
      const work = full ? this.#busy(task) : this.#handle(task)
      const tracked = work
        .catch((e) => this.deps.emit({ event: 'answer-failed', task: task.id, error: this.deps.redact(messageOf(e)) }))
        .finally(() => {
          this.#inFlight.delete(task.id)
          this.#lastActivity = this.deps.now()
        })
      this.#inFlight.set(task.id, tracked)
    }
  }

  #expired(task: DesktopTask): boolean {
    return typeof task.expires_at === 'string' && Date.parse(task.expires_at) <= this.deps.now()
  }

  /** Answers "busy" (approving and taking it first, as the service may want an answer only from a running task). */
  async #busy(task: DesktopTask): Promise<void> {
    const { deps } = this
    deps.emit({ event: 'busy', task: task.id, agent: agentOf(task) })
    await this.#respond(task, busyAnswer, true)
    await deps.record({ task, decision: 'busy', outcome: 'busy', exitCode: null, answer: busyAnswer, ms: 0 })
  }

  /** One task: decide, approve, take, run, answer. */
  async #handle(task: DesktopTask): Promise<void> {
    const { deps } = this
    const agent = agentOf(task)
    const waitedMs = task.created_at ? Math.max(0, deps.now() - Date.parse(task.created_at)) : 0
    deps.emit({
      event: 'taken',
      task: task.id,
      agent,
      chat: task.source_chat_id ?? null,
      text: desktopTaskText(task),
      waitedMs,
    })
    const decision = await deps.decide(task)
    if (!decision.run) {
      deps.emit({ event: 'refused', task: task.id, agent, why: decision.why })
      await this.#respond(task, decision.why, false)
      await deps.record({
        task,
        decision: `refused (${decision.by})`,
        outcome: 'refused',
        exitCode: null,
        answer: decision.why,
        ms: 0,
      })
      return
    }
    if (this.#expired(task)) {
      deps.emit({ event: 'expired', task: task.id, agent, expiresAt: task.expires_at ?? '' })
      await deps.record({ task, decision: decision.by, outcome: 'expired', exitCode: null, answer: undefined, ms: 0 })
      return
    }
    try {
      if (task.task_status === 'awaiting_confirmation') await deps.tasks.approve(task.id)
      await deps.tasks.start(task.id)
    } catch (e) {
      // another machine took it, or it expired or was answered meanwhile: not ours to run
      if (e instanceof ConflictError) {
        deps.emit({ event: 'lost', task: task.id, why: deps.redact(e.serverMessage) })
        await deps.record({ task, decision: decision.by, outcome: 'lost', exitCode: null, answer: undefined, ms: 0 })
        return
      }
      throw e
    }
    deps.emit({ event: 'approved', task: task.id, agent, by: decision.by })
    deps.emit({ event: 'started', task: task.id })
    const result = await deps.run(task, this.#stopHandlers.signal)
    const answer = deps.redact(answerOf(result))
    await deps.tasks.respond(task.id, answer)
    deps.emit({
      event: 'answered',
      task: task.id,
      outcome: result.outcome,
      exitCode: result.exitCode,
      ms: result.ms,
      bytes: result.bytes,
    })
    await deps.record({
      task,
      decision: decision.by,
      outcome: result.outcome,
      exitCode: result.exitCode,
      answer,
      ms: result.ms,
    })
  }

  /** Posts an answer to a task this worker will not run; `take`: approve and mark it running first. */
  async #respond(task: DesktopTask, answer: string, take: boolean): Promise<void> {
    const { tasks } = this.deps
    if (take) {
      if (task.task_status === 'awaiting_confirmation') await tasks.approve(task.id).catch(() => undefined)
      await tasks.start(task.id).catch(() => undefined)
    }
    await tasks.respond(task.id, answer)
  }

  /** After a stop: running handlers get the grace period, then are ended and their tasks answered "stopped". */
  async #finish(): Promise<void> {
    if (this.#inFlight.size === 0) return
    if (this.#signal !== undefined) {
      this.deps.emit({
        event: 'stopping',
        signal: this.#signal,
        graceMs: this.opts.graceMs,
        running: this.#inFlight.size,
      })
      const all = Promise.all(this.#inFlight.values())
      const graceOver = new AbortController()
      const done = await Promise.race([
        all.then(() => true),
        this.deps.sleep(this.opts.graceMs, graceOver.signal).then(() => false),
      ])
      graceOver.abort()
      if (done) return
      this.#stopHandlers.abort()
    }
    await Promise.all(this.#inFlight.values())
  }

  /** The wait after `failures` failed polls: the service's Retry-After, else doubling from the interval, capped. */
  #backoff(failures: number, e: unknown): number {
    const max = this.opts.maxBackoffMs ?? 60_000
    const asked = e instanceof ApiError ? parseRetryAfter(e.retryAfter, this.deps.now()) : undefined
    if (asked !== undefined) return Math.max(asked, this.opts.intervalMs)
    return Math.min(max, this.opts.intervalMs * 2 ** Math.min(failures, 10))
  }
}

/** The answer a run gives: the handler's stdout, or what went wrong with the end of its stderr. */
export function answerOf(r: HandlerResult): string {
  const tail = r.stderrTail ? `\n\nThe end of its stderr:\n${r.stderrTail}` : ''
  switch (r.outcome) {
    case 'ok': {
      if (r.stdout === undefined)
        return `failed: the handler's output is not UTF-8 text (${r.bytes} bytes); nothing of it was sent`
      const text = r.stdout.replace(/\r?\n$/, '')
      const cut = r.cut
        ? `\n[output cut: the handler printed ${r.bytes} bytes; the first ${Buffer.byteLength(r.stdout)} are above]`
        : ''
      return text === '' && !r.cut ? '(the handler printed nothing)' : text + cut
    }
    case 'failed':
      return `failed: the handler ${r.signal ? `was killed by ${r.signal}` : `exited with status ${r.exitCode}`}${tail}`
    case 'timeout':
      return `failed: the handler did not finish in time (--task-timeout) and was stopped${tail}`
    case 'stopped':
      return `${stoppedAnswer}${tail}`
    case 'cannot-start':
      return `failed: the handler could not be started (${r.startError})`
  }
}

function agentOf(task: DesktopTask): string {
  return task.source_agent_id ?? ''
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
