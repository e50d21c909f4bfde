// When schedules run (wire.md "API keys and schedules"): cron expressions through croner in the schedule's IANA
// time zone, or a fixed interval in seconds. Shared by the schedule handlers and the scheduler.
import { Cron } from 'croner'
import type { Schedule } from '../api/schemas/index.js'
import { checkCron } from '../schedule-timing/cron-check.js'

/** Why a cron expression is unusable, or undefined when it is fine and fires at least once after `fromMs`. */
export function cronProblem(expr: string, timezone: string, fromMs: number): string | undefined {
  const check = checkCron(expr, timezone, new Date(fromMs))
  if (check.kind === 'invalid') return check.reason
  return check.kind === 'never' ? 'the expression never fires' : undefined
}

/**
 * Runs already computed, by cron and time zone, each with the time it was computed from: the first run after any time
 * from `fromMs` up to (not including) that run is that run, so the seed of every emulator and a scheduler's ticks need
 * not parse the expression again. A few of each (clocks of tests differ), and a few expressions: cleared when full.
 */
const knownRuns = new Map<string, { fromMs: number; next: number }[]>()
const keptExpressions = 64
const keptRuns = 8

/** The first run strictly after `fromMs`, or undefined when there is none (a cron that never fires again). */
export function nextRunAfter(
  s: Pick<Schedule, 'cron' | 'intervalSeconds' | 'timezone'>,
  fromMs: number,
): number | undefined {
  if (s.cron) {
    const timezone = s.timezone ?? 'UTC'
    const key = `${timezone} ${s.cron}`
    let runs = knownRuns.get(key)
    const known = runs?.find((r) => r.fromMs <= fromMs && fromMs < r.next)
    if (known !== undefined) return known.next
    const next = new Cron(s.cron, { timezone, paused: true }).nextRun(new Date(fromMs))?.getTime()
    if (next === undefined) return undefined
    if (runs === undefined) {
      if (knownRuns.size >= keptExpressions) knownRuns.clear()
      runs = []
      knownRuns.set(key, runs)
    }
    if (runs.length >= keptRuns) runs.shift()
    runs.push({ fromMs, next })
    return next
  }
  if (s.intervalSeconds) return fromMs + s.intervalSeconds * 1000
  return undefined
}

/** `nextRunAt` for a schedule as of `nowMs`: null when inactive or when it never fires again. */
export function nextRunAtIso(
  s: Pick<Schedule, 'cron' | 'intervalSeconds' | 'timezone' | 'status'>,
  nowMs: number,
): string | null {
  if (s.status !== 'active') return null
  const next = nextRunAfter(s, nowMs)
  return next === undefined ? null : new Date(next).toISOString()
}

/** Schedules whose `nextRunAt` is not computed yet, with the earliest time (ms) it can be. */
const deferred = new WeakMap<object, number>()

/**
 * Gives a seeded schedule the `nextRunAt` that nextRunAtIso(s, nowMs) gives, computed when first read (or replaced
 * when first written): croner in a time zone first loads the zone data of Intl (a fifth of the instructions of a
 * command run with `--emulator`, which never reads a schedule). The schedule's timing is taken as it is now.
 */
export function deferNextRunAt(s: Schedule, nowMs: number): void {
  const timing = { cron: s.cron, intervalSeconds: s.intervalSeconds, timezone: s.timezone, status: s.status }
  const settle = (value: string | null) => {
    deferred.delete(s)
    Object.defineProperty(s, 'nextRunAt', { value, writable: true, enumerable: true, configurable: true })
  }
  Object.defineProperty(s, 'nextRunAt', {
    get() {
      const value = nextRunAtIso(timing, nowMs)
      settle(value)
      return value
    },
    set: settle,
    enumerable: true,
    configurable: true,
  })
  deferred.set(s, earliestRun(s.cron, nowMs))
}

/**
 * The earliest a run after `fromMs` can be: a cron of five fields (or a nickname) fires on a whole minute, and since
 * 1980 every zone's offset is whole minutes; otherwise just after `fromMs`.
 */
function earliestRun(cron: string | null | undefined, fromMs: number): number {
  const minutes =
    cron !== null && cron !== undefined && (cron.trim().startsWith('@') || cron.trim().split(/\s+/).length === 5)
  return minutes && fromMs >= Date.UTC(1980, 0, 1) ? Math.floor(fromMs / 60_000) * 60_000 + 60_000 : fromMs + 1
}

/** The earliest a schedule whose `nextRunAt` is not computed yet can be due (deferNextRunAt); undefined once it is. */
export function deferredUntil(s: Schedule): number | undefined {
  return deferred.get(s)
}
