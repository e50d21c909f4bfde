// The worker of `agentry connect` on a fake clock, with a fake queue and a fake handler: what it runs, what it
// answers and when, its backoff and recovery line, busy, expiry, a task another machine took, the grace after a stop,
// --max-tasks and --idle-exit. Also the handler's argv rule and the local policy.
import { describe, expect, it } from 'vitest'
import { ConflictError, RateLimitError } from '../../src/api/errors.js'
import type { DesktopTask } from '../../src/api/schemas/desktop.js'
import { splitCommand } from '../../src/connect/argv.js'
import type { HandlerResult } from '../../src/connect/handler.js'
import { LocalPolicy, parseApprove } from '../../src/connect/policy.js'
import { answerOf, Worker, type WorkerEvent, type WorkerOptions } from '../../src/connect/worker.js'

const t0 = Date.parse('2030-01-01T00:00:00.000Z')

/** A fake clock: sleeps resolve when the test moves time past them (or when their signal aborts). */
class FakeClock {
  now = t0
  private timers: { at: number; resolve: () => void }[] = []
  sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve()
      const timer = { at: this.now + ms, resolve }
      this.timers.push(timer)
      signal.addEventListener('abort', () => resolve(), { once: true })
    })
  /** Moves time on by `ms`, waking due sleepers one by one and letting the worker run between them. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms
    for (;;) {
      await settle()
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.now = due.at
      this.timers = this.timers.filter((t) => t !== due)
      due.resolve()
    }
    this.now = end
    await settle()
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
}

const task = (id: string, more: Partial<DesktopTask> = {}): DesktopTask => ({
  id,
  source_agent_id: 'agent-a',
  source_chat_id: 'chat-1',
  message: { parts: [{ kind: 'text', text: `do ${id}` }] },
  task_status: 'awaiting_confirmation',
  created_at: new Date(t0).toISOString(),
  expires_at: new Date(t0 + 600_000).toISOString(),
  ...more,
})

const ok = (stdout: string): HandlerResult => ({
  outcome: 'ok',
  exitCode: 0,
  signal: null,
  stdout,
  cut: false,
  bytes: Buffer.byteLength(stdout),
  stderrTail: '',
  ms: 5,
})

/** A worker over a fake queue; `run` is the fake handler. */
function setup(
  opts: Partial<WorkerOptions> & { approve?: 'all' | string[] } = {},
  run: (t: DesktopTask, stop: AbortSignal) => Promise<HandlerResult> = async (t) => ok(`done ${t.id}`),
) {
  const clock = new FakeClock()
  const queue = new Map<string, DesktopTask>()
  const calls: string[] = []
  const events: WorkerEvent[] = []
  const answers = new Map<string, string>()
  let failNext: Error[] = []
  const takenElsewhere = new Set<string>()
  const tasks = {
    list: async ({ status }: { status?: string }) => {
      const e = failNext.shift()
      if (e) throw e
      return [...queue.values()].filter((t) => t.task_status === status)
    },
    approve: async (id: string) => {
      calls.push(`approve ${id}`)
      queue.get(id)!.task_status = 'pending'
    },
    start: async (id: string) => {
      calls.push(`start ${id}`)
      const t = queue.get(id)!
      if (takenElsewhere.has(id)) throw conflict('already running on another machine')
      t.task_status = 'running'
    },
    respond: async (id: string, response: string) => {
      calls.push(`respond ${id}`)
      answers.set(id, response)
      queue.get(id)!.task_status = 'completed'
    },
  }
  const ran: string[] = []
  const policy = new LocalPolicy(opts.approve ?? 'all', undefined)
  const worker = new Worker(
    {
      tasks,
      decide: (t) => policy.decide(t),
      run: async (t, stop) => {
        ran.push(t.id)
        return run(t, stop)
      },
      now: () => clock.now,
      sleep: clock.sleep,
      emit: (e) => events.push(e),
      record: () => {},
      redact: (s) => s.replaceAll('sk_secret', '***'),
    },
    { intervalMs: 5000, concurrency: 1, graceMs: 3000, ...opts },
  )
  return {
    clock,
    queue,
    calls,
    events,
    answers,
    ran,
    worker,
    takenElsewhere,
    failWith: (...e: Error[]) => {
      failNext = e
    },
    add: (t: DesktopTask) => queue.set(t.id, t),
    names: () => events.map((e) => e.event),
  }
}

const conflict = (message: string) =>
  new ConflictError({ status: 409, message, method: 'PATCH', url: 'http://x/api/v1beta/desktop/tasks/t' })

describe('Worker', () => {
  it('approves, takes, runs and answers a task within one poll interval', async () => {
    const w = setup()
    const done = w.worker.run()
    await w.clock.advance(0)
    w.add(task('t1'))
    await w.clock.advance(5000)
    expect(w.calls).toEqual(['approve t1', 'start t1', 'respond t1'])
    expect(w.answers.get('t1')).toBe('done t1')
    w.worker.stop('SIGINT')
    expect(await done).toBe('signal')
    expect(w.names()).toEqual(['listening', 'taken', 'approved', 'started', 'answered', 'stopped'])
  })

  it('runs nothing the policy refuses, and answers it refused', async () => {
    const w = setup({ approve: ['agent-b'] })
    w.add(task('t1'))
    const done = w.worker.run()
    await w.clock.advance(0)
    w.worker.stop('SIGINT')
    await done
    expect(w.ran).toEqual([])
    expect(w.calls).toEqual(['respond t1'])
    expect(w.answers.get('t1')).toMatch(/^refused: .*agent-a is not one/)
  })

  it('never runs an expired task, even one the service still lists', async () => {
    const w = setup()
    w.add(task('old', { expires_at: new Date(t0 - 1).toISOString() }))
    const done = w.worker.run()
    await w.clock.advance(0)
    w.worker.stop('SIGINT')
    await done
    expect(w.ran).toEqual([])
    expect(w.calls).toEqual([])
    expect(w.names()).toContain('expired')
  })

  it('never runs a task another machine took (the service refuses to mark it running)', async () => {
    const w = setup()
    w.add(task('t1', { task_status: 'pending' }))
    w.takenElsewhere.add('t1')
    const done = w.worker.run()
    await w.clock.advance(0)
    w.worker.stop('SIGINT')
    await done
    expect(w.ran).toEqual([])
    expect(w.calls).toEqual(['start t1'])
    expect(w.events.find((e) => e.event === 'lost')).toMatchObject({
      task: 't1',
      why: 'already running on another machine',
    })
  })

  it('answers "busy" when full', async () => {
    let release = () => {}
    const w = setup({}, (t) => new Promise((r) => (release = () => r(ok(`done ${t.id}`)))))
    w.add(task('t1'))
    w.add(task('t2', { created_at: new Date(t0 + 1).toISOString() }))
    const done = w.worker.run()
    await w.clock.advance(0)
    expect(w.ran).toEqual(['t1'])
    expect(w.answers.get('t2')).toMatch(/^busy/)
    release()
    await settle()
    w.worker.stop('SIGINT')
    await done
    expect(w.answers.get('t1')).toBe('done t1')
  })

  it('backs off on errors, honours Retry-After, and says once that polling recovered', async () => {
    const w = setup()
    const limited = new RateLimitError({
      status: 429,
      message: 'slow down',
      method: 'GET',
      url: 'http://x/api/v1beta/desktop/tasks',
      retryAfter: '30',
    })
    w.failWith(new Error('connect ECONNREFUSED'), new Error('connect ECONNREFUSED'), limited)
    const done = w.worker.run()
    await w.clock.advance(0)
    await w.clock.advance(60_000)
    const failed = w.events.filter((e) => e.event === 'poll-failed') as Extract<WorkerEvent, { event: 'poll-failed' }>[]
    expect(failed.map((e) => e.retryInMs)).toEqual([10_000, 30_000])
    await w.clock.advance(120_000)
    expect(w.names().filter((n) => n === 'poll-recovered')).toHaveLength(1)
    w.worker.stop('SIGINT')
    await done
  })

  it('after a stop, a running handler gets the grace period, then is stopped and its task answered', async () => {
    const w = setup(
      {},
      (_t, stop) =>
        new Promise((r) =>
          stop.addEventListener('abort', () => r({ ...ok(''), outcome: 'stopped', exitCode: null, signal: 'SIGTERM' })),
        ),
    )
    w.add(task('t1'))
    const done = w.worker.run()
    await w.clock.advance(0)
    expect(w.ran).toEqual(['t1'])
    w.worker.stop('SIGINT')
    await w.clock.advance(2999)
    expect(w.answers.has('t1')).toBe(false)
    await w.clock.advance(1)
    expect(await done).toBe('signal')
    expect(w.answers.get('t1')).toMatch(/^stopped/)
  })

  it('--max-tasks and --idle-exit end it', async () => {
    const w = setup({ maxTasks: 1 })
    w.add(task('t1'))
    expect(await Promise.race([w.worker.run(), w.clock.advance(0).then(() => 'pending')])).toBe('max-tasks')
    const idle = setup({ idleExitMs: 12_000 })
    const done = idle.worker.run()
    await idle.clock.advance(11_000)
    await idle.clock.advance(5000)
    expect(await done).toBe('idle')
  })
})

describe('answerOf', () => {
  it.each([
    [{ outcome: 'failed', exitCode: 3, stderrTail: 'boom' }, /^failed: the handler exited with status 3[\s\S]*boom/],
    [{ outcome: 'failed', exitCode: null, signal: 'SIGSEGV' }, /killed by SIGSEGV/],
    [{ outcome: 'timeout', exitCode: null }, /did not finish in time/],
    [{ outcome: 'ok', stdout: undefined, bytes: 4 }, /not UTF-8/],
    [{ outcome: 'ok', stdout: 'abc', cut: true, bytes: 10 }, /^abc\n\[output cut: the handler printed 10 bytes/],
    [{ outcome: 'ok', stdout: 'line\n' }, /^line$/],
  ] as const)('%o', (over, expected) => {
    expect(answerOf({ ...ok(''), ...over } as HandlerResult)).toMatch(expected)
  })
})

describe('splitCommand (the handler runs without a shell)', () => {
  it.each([
    ['tr a-z A-Z', ['tr', 'a-z', 'A-Z']],
    [`sh -c 'tr a-z A-Z | head'`, ['sh', '-c', 'tr a-z A-Z | head']],
    [`node "my handler.mjs" --x=\\"y\\"`, ['node', 'my handler.mjs', '--x="y"']],
    [`a "b \\" c" ''`, ['a', 'b " c', '']],
    ['  spaced\targs  ', ['spaced', 'args']],
  ])('%s', (command, argv) => {
    expect(splitCommand(command)).toEqual(argv)
  })
  it.each(['tr a-z A-Z | head', 'echo $HOME', 'a > b', 'x; y', `'open`, ''])('refuses %j', (command) => {
    expect(() => splitCommand(command)).toThrow(/--handler/)
  })
})

describe('LocalPolicy', () => {
  it('--approve all, a list, nothing; asking remembers "always" for the session, per source agent', async () => {
    expect(parseApprove(['a,b', 'c'])).toEqual(['a', 'b', 'c'])
    expect(parseApprove(['x', 'all'])).toBe('all')
    expect((await new LocalPolicy('all', undefined).decide(task('t'))).run).toBe(true)
    expect((await new LocalPolicy(['agent-a'], undefined).decide(task('t'))).run).toBe(true)
    expect(await new LocalPolicy([], undefined).decide(task('t'))).toMatchObject({ run: false, by: 'no-approval' })
    const asked: string[] = []
    const answers = ['always', 'refuse'] as const
    const policy = new LocalPolicy([], async (q) => {
      asked.push(q)
      return answers[asked.length - 1]!
    })
    expect(await policy.decide(task('t1'))).toMatchObject({ run: true, by: 'user-always' })
    expect(await policy.decide(task('t2'))).toMatchObject({ run: true, by: 'session-always' })
    expect(await policy.decide(task('t3', { source_agent_id: 'agent-b' }))).toMatchObject({
      run: false,
      why: 'refused by the user',
    })
    expect(asked).toHaveLength(2)
    expect(asked[0]).toContain('from agent agent-a (chat chat-1)')
  })
  it('shows server text terminal-safe in the question', async () => {
    let q = ''
    await new LocalPolicy([], async (question) => {
      q = question
      return 'refuse'
    }).decide(task('t', { message: { parts: [{ kind: 'text', text: 'hi\u001b]0;pwned\u0007' }] } }))
    expect(q).not.toContain('\u001b')
  })
})
