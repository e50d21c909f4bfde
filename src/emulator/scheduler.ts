// Runs active schedules while the emulator is up (wire.md "API keys and schedules"; service-interface 1 and 6:
// schedules trigger scenarios). One polling timer looks for schedules whose `nextRunAt` has come, by the emulator's
// clock (env.now, the seam tests move), so schedules created, edited or deleted through the API need no bookkeeping.
// Missed runs (the emulator was down) are not caught up; a schedule still running is not started again.
import { type RunAgent, runScenarioById, scriptedRunAgent } from './scenario-run.js'
import { deferredUntil, nextRunAfter } from './schedule-time.js'
import type { HandlerEnv } from './types.js'

/** Options of startScheduler. */
export interface SchedulerOptions {
  /** how agents answer (the scripted model by default) */
  runAgent?: RunAgent
  /** how often due schedules are looked for, in ms (default 250) */
  tickMs?: number
}

/** A running scheduler. */
export interface Scheduler {
  /** stops the timer; resolves when runs already started have finished */
  stop(): Promise<void>
  /** looks for due schedules now and starts them; resolves when they have run (tests drive a fake clock with it) */
  tick(): Promise<void>
}

/** Starts the scheduler over env.state; the timer is unref'd so it never keeps the process alive. */
export function startScheduler(env: HandlerEnv, opts: SchedulerOptions = {}): Scheduler {
  const runAgent = opts.runAgent ?? scriptedRunAgent
  const tickMs = opts.tickMs ?? 250
  const running = new Map<string, Promise<void>>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  // A persisted nextRunAt in the past belongs to a run missed while the emulator was down: start afresh from now.
  const startedAt = env.now()
  for (const s of env.state.schedules.values()) {
    // a next run not computed yet cannot be before this: nothing was missed, and it stays to be computed
    if ((deferredUntil(s) ?? Number.NEGATIVE_INFINITY) >= startedAt) continue
    const due = s.nextRunAt ? Date.parse(s.nextRunAt) : Number.NaN
    if (s.status === 'active' && !(due >= startedAt)) {
      const next = nextRunAfter(s, startedAt)
      s.nextRunAt = next === undefined ? null : new Date(next).toISOString()
    }
  }

  const fireDue = (): Promise<void>[] => {
    const now = env.now()
    const started: Promise<void>[] = []
    for (const s of env.state.schedules.values()) {
      if (s.status !== 'active' || (deferredUntil(s) ?? Number.NEGATIVE_INFINITY) > now) continue
      if (!s.nextRunAt || running.has(s.id)) continue
      const due = Date.parse(s.nextRunAt)
      if (!(due <= now)) continue
      // Intervals keep their cadence (due + n·interval); a cron asks croner for the next time after now.
      let next = s.intervalSeconds && !s.cron ? due + s.intervalSeconds * 1000 : nextRunAfter(s, now)
      if (next !== undefined && next <= now) next = nextRunAfter(s, now)
      s.lastRunAt = new Date(now).toISOString()
      s.nextRunAt = next === undefined ? null : new Date(next).toISOString()
      const run = runScenarioById(env, s.scenarioId, s.input ?? '', 'schedule', runAgent).then(
        () => undefined,
        () => undefined,
      )
      const tracked = run.finally(() => running.delete(s.id))
      running.set(s.id, tracked)
      started.push(tracked)
    }
    return started
  }

  const loop = () => {
    if (stopped) return
    fireDue()
    timer = setTimeout(loop, tickMs)
    timer.unref()
  }
  timer = setTimeout(loop, tickMs)
  timer.unref()

  return {
    async stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      await Promise.all(running.values())
    },
    async tick() {
      await Promise.all(fireDue())
    },
  }
}
