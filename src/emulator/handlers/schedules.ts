// Schedules (wire.md "API keys and schedules"): exactly one of `cron` (croner syntax, in `timezone`) and
// `intervalSeconds`; `nextRunAt` is computed here and kept up to date by the scheduler (../scheduler.ts).
import type { Schedule } from '../../api/schemas/index.js'
import { isTimeZone } from '../../schedule-timing/time-zone.js'
import { cronProblem, nextRunAtIso } from '../schedule-time.js'
import { visibleTo } from '../scope.js'
import type { DeclaredBody, HandlerEnv, HandlerTable } from '../types.js'
import { badRequest, isoNow, listPage, newId, notFound, sentFields } from '../kit.js'

/** Longest interval: a year and a day (beyond it a next run time would soon leave the Date range). */
const maxIntervalSeconds = 366 * 24 * 3600

/** A schedule as the API shows it: both timing members present, the unused one null. */
function view(s: Schedule): Schedule {
  return { ...s, cron: s.cron ?? null, intervalSeconds: s.intervalSeconds ?? null, lastRunAt: s.lastRunAt ?? null }
}

function find(env: HandlerEnv, id: string): Schedule {
  const s = env.state.schedules.get(id)
  if (s === undefined) throw notFound('schedule', id)
  return s
}

/** Checks a complete schedule: one timing, a known time zone, a cron that parses and fires, an existing scenario. */
function check(env: HandlerEnv, s: Schedule): void {
  const hasCron = s.cron !== undefined && s.cron !== null
  const hasInterval = s.intervalSeconds !== undefined && s.intervalSeconds !== null
  if (hasCron === hasInterval) throw badRequest('exactly one of cron and intervalSeconds is required')
  if (hasInterval && (s.intervalSeconds ?? 0) > maxIntervalSeconds) {
    throw badRequest(`intervalSeconds must be at most ${maxIntervalSeconds} (366 days)`)
  }
  const tz = s.timezone ?? 'UTC'
  if (!isTimeZone(tz)) throw badRequest(`timezone: ${JSON.stringify(tz)} is not an IANA time zone like Europe/Paris`)
  if (hasCron) {
    const problem = cronProblem(s.cron ?? '', tz, env.now())
    if (problem !== undefined) throw badRequest(`cron: ${problem}`)
  }
  if (!env.state.scenarios.has(s.scenarioId)) throw badRequest(`scenarioId: scenario "${s.scenarioId}" does not exist`)
}

/** Handlers of the schedule routes. */
export const scheduleHandlers = {
  schedulesList(req, { state }) {
    const mine = visibleTo(req.principal, state.schedules.values(), (s) => ({ scenarioId: s.scenarioId }))
    return { status: 200, json: listPage(mine.map(view), req) }
  },

  schedulesCreate(req, env) {
    const body = req.input as DeclaredBody<'schedulesCreate'>
    const now = isoNow(env)
    const s: Schedule = {
      id: newId('sch'),
      ...body,
      cron: body.cron ?? null,
      intervalSeconds: body.intervalSeconds ?? null,
      nextRunAt: null,
      lastRunAt: null,
      createdAt: now,
      updatedAt: now,
    }
    check(env, s)
    s.nextRunAt = nextRunAtIso(s, env.now())
    env.state.schedules.set(s.id, s)
    return { status: 201, json: view(s) }
  },

  schedulesGet(req, env) {
    return { status: 200, json: view(find(env, req.params.scheduleId ?? '')) }
  },

  // PATCH applies only the members sent (never the create schema's defaults); setting one timing clears the other.
  schedulesEdit(req, env) {
    const current = find(env, req.params.scheduleId ?? '')
    const parsed = req.input as DeclaredBody<'schedulesEdit'>
    const sent = sentFields(req)
    if (sent.has('cron') && sent.has('intervalSeconds')) {
      throw badRequest('exactly one of cron and intervalSeconds is required')
    }
    const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<Schedule>
    const next: Schedule = { ...current, ...patch, updatedAt: isoNow(env) }
    if (sent.has('cron')) next.intervalSeconds = null
    if (sent.has('intervalSeconds')) next.cron = null
    check(env, next)
    const timing = ['cron', 'intervalSeconds', 'timezone', 'status'].some((k) => sent.has(k))
    if (timing || (next.status === 'active' && !next.nextRunAt)) next.nextRunAt = nextRunAtIso(next, env.now())
    env.state.schedules.set(next.id, next)
    return { status: 200, json: view(next) }
  },

  schedulesDelete(req, env) {
    const s = find(env, req.params.scheduleId ?? '')
    env.state.schedules.delete(s.id)
    return { status: 204 }
  },
} satisfies HandlerTable
