import { describe, expect, it, vi } from 'vitest'
import { scheduleHandlers } from '../../src/emulator/handlers/schedules.js'
import { cronProblem, nextRunAfter } from '../../src/emulator/schedule-time.js'
import { startScheduler } from '../../src/emulator/scheduler.js'
import { isTimeZone } from '../../src/schedule-timing/time-zone.js'
import { call, setup } from './resources-harness.js'

const base = { name: 'Nightly', scenarioId: 'scn_summarize', input: 'go' }
const iso = (ms: number) => new Date(ms).toISOString()

describe('schedule timing', () => {
  it('computes the next cron run in the schedule time zone, across daylight saving time', () => {
    const s = { cron: '0 9 * * *', timezone: 'Europe/Paris' }
    // 09:00 in Paris is 08:00 UTC in winter (CET) and 07:00 UTC in summer (CEST)
    expect(iso(nextRunAfter(s, Date.UTC(2026, 0, 15, 10))!)).toBe('2026-01-16T08:00:00.000Z')
    expect(iso(nextRunAfter(s, Date.UTC(2026, 6, 15, 6))!)).toBe('2026-07-15T07:00:00.000Z')
    const ny = { cron: '30 17 * * 1-5', timezone: 'America/New_York' }
    // Friday 2026-01-16 22:31 UTC is after 17:30 EST: the next weekday run is Monday 2026-01-19 at 22:30 UTC
    expect(iso(nextRunAfter(ny, Date.UTC(2026, 0, 16, 22, 31))!)).toBe('2026-01-19T22:30:00.000Z')
    expect(nextRunAfter({ intervalSeconds: 90 }, 1000)).toBe(91_000)
  })

  it('validates cron expressions and time zones', () => {
    expect(cronProblem('*/5 * * * *', 'UTC', 0)).toBeUndefined()
    expect(cronProblem('61 * * * *', 'UTC', 0)).toMatch(/minute/)
    expect(cronProblem('every day', 'UTC', 0)).toBeDefined()
    expect(cronProblem('0 0 30 2 *', 'UTC', 0)).toBe('the expression never fires')
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})

describe('schedule CRUD', () => {
  it('creates a cron schedule with nextRunAt in its time zone', async () => {
    const { env, clock } = setup()
    const json = { ...base, cron: '0 9 * * *', timezone: 'Europe/Paris' }
    const res = await call(scheduleHandlers, 'schedulesCreate', env, { json })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^sch_/),
      ...json,
      intervalSeconds: null,
      status: 'active',
      lastRunAt: null,
      nextRunAt: iso(nextRunAfter(json, clock.now)!),
    })
    expect(res.json.nextRunAt).toBe('2026-01-16T08:00:00.000Z')
  })

  it('creates an interval schedule with defaults', async () => {
    const { env, clock } = setup()
    const res = await call(scheduleHandlers, 'schedulesCreate', env, { json: { ...base, intervalSeconds: 600 } })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ cron: null, intervalSeconds: 600, timezone: 'UTC', status: 'active' })
    expect(res.json.nextRunAt).toBe(iso(clock.now + 600_000))
  })

  it('rejects bad schedules with 400s naming the field', async () => {
    const { env, state } = setup()
    const before = state.schedules.size
    const cases: [Record<string, unknown>, RegExp][] = [
      [base, /exactly one of cron and intervalSeconds/],
      [{ ...base, cron: '* * * * *', intervalSeconds: 5 }, /exactly one of cron and intervalSeconds/],
      [{ ...base, cron: 'bogus' }, /^cron: /],
      [{ ...base, cron: '0 0 30 2 *' }, /^cron: the expression never fires/],
      [{ ...base, cron: '0 9 * * *', timezone: 'Mars/Olympus' }, /^timezone: "Mars\/Olympus"/],
      [{ ...base, intervalSeconds: 0 }, /^intervalSeconds/],
      [{ ...base, intervalSeconds: 1.5 }, /^intervalSeconds/],
      [{ ...base, intervalSeconds: 1e15 }, /^intervalSeconds must be at most 31622400/],
      [{ ...base, intervalSeconds: 5, scenarioId: 'nope' }, /^scenarioId: scenario "nope" does not exist/],
      [{ ...base, intervalSeconds: 5, status: 'paused' }, /^status/],
      [{ ...base, intervalSeconds: 5, every: '5m' }, /^unknown field "every"/],
      [{ scenarioId: 'scn_summarize', intervalSeconds: 5 }, /^name is required/],
    ]
    for (const [json, message] of cases) {
      const res = await call(scheduleHandlers, 'schedulesCreate', env, { json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
    expect(state.schedules.size).toBe(before)
  })

  it('edits only what is sent, switches timing kinds, and clears nextRunAt when inactive', async () => {
    const { env, clock } = setup()
    const created = await call(scheduleHandlers, 'schedulesCreate', env, {
      json: { ...base, cron: '0 9 * * *', timezone: 'Asia/Tokyo', status: 'active' },
    })
    const params = { scheduleId: created.json.id }
    const renamed = await call(scheduleHandlers, 'schedulesEdit', env, { params, json: { name: 'Renamed' } })
    expect(renamed.json).toMatchObject({ name: 'Renamed', timezone: 'Asia/Tokyo', cron: '0 9 * * *', status: 'active' })
    const toInterval = await call(scheduleHandlers, 'schedulesEdit', env, { params, json: { intervalSeconds: 30 } })
    expect(toInterval.json).toMatchObject({ cron: null, intervalSeconds: 30, nextRunAt: iso(clock.now + 30_000) })
    const off = await call(scheduleHandlers, 'schedulesEdit', env, { params, json: { status: 'inactive' } })
    expect(off.json.nextRunAt).toBeNull()
    const both = await call(scheduleHandlers, 'schedulesEdit', env, {
      params,
      json: { cron: '* * * * *', intervalSeconds: 1 },
    })
    expect(both.status).toBe(400)
    expect((await call(scheduleHandlers, 'schedulesEdit', env, { params, json: { cron: 'x' } })).status).toBe(400)
  })

  it('gets, lists and deletes', async () => {
    const { env } = setup()
    const list = await call(scheduleHandlers, 'schedulesList', env)
    expect(list.json.data.map((s: { id: string }) => s.id)).toEqual(['sch_daily', 'sch_hourly', 'sch_paused'])
    const params = { scheduleId: 'sch_daily' }
    expect((await call(scheduleHandlers, 'schedulesGet', env, { params })).json.cron).toBe('0 9 * * 1-5')
    expect((await call(scheduleHandlers, 'schedulesDelete', env, { params })).status).toBe(204)
    expect((await call(scheduleHandlers, 'schedulesGet', env, { params })).status).toBe(404)
  })
})

describe('scheduler', () => {
  it('fires due schedules by the env clock, keeps the interval cadence and skips inactive ones', async () => {
    const { env, state, clock } = setup()
    state.schedules.clear()
    const created = await call(scheduleHandlers, 'schedulesCreate', env, { json: { ...base, intervalSeconds: 60 } })
    await call(scheduleHandlers, 'schedulesCreate', env, { json: { ...base, intervalSeconds: 60, status: 'inactive' } })
    const scheduler = startScheduler(env, { tickMs: 60_000 })
    try {
      await scheduler.tick()
      expect(state.executions.size).toBe(0)
      clock.now += 60_000
      await scheduler.tick()
      expect(state.executions.size).toBe(1)
      const s = state.schedules.get(created.json.id)!
      expect(s.lastRunAt).toBe(iso(clock.now))
      expect(s.nextRunAt).toBe(iso(clock.now + 60_000))
      clock.now += 30_000
      await scheduler.tick()
      expect(state.executions.size).toBe(1)
      const [execution] = state.executions.values()
      expect(execution).toMatchObject({
        trigger: 'schedule',
        scenarioId: 'scn_summarize',
        input: 'go',
        status: 'completed',
      })
    } finally {
      await scheduler.stop()
    }
  })

  it('fires a cron schedule at its time in its zone', async () => {
    const { env, state, clock } = setup({ now: Date.UTC(2026, 0, 16, 7, 59, 30) })
    state.schedules.clear()
    await call(scheduleHandlers, 'schedulesCreate', env, {
      json: { ...base, cron: '0 9 * * *', timezone: 'Europe/Paris' },
    })
    const scheduler = startScheduler(env, { tickMs: 60_000 })
    try {
      await scheduler.tick()
      expect(state.executions.size).toBe(0)
      clock.now = Date.UTC(2026, 0, 16, 8, 0, 0)
      await scheduler.tick()
      expect(state.executions.size).toBe(1)
      expect([...state.schedules.values()][0]!.nextRunAt).toBe('2026-01-17T08:00:00.000Z')
    } finally {
      await scheduler.stop()
    }
  })

  it('does not catch up runs missed while it was stopped', async () => {
    const { env, state, clock } = setup()
    state.schedules.clear()
    await call(scheduleHandlers, 'schedulesCreate', env, { json: { ...base, intervalSeconds: 60 } })
    clock.now += 3600_000
    const scheduler = startScheduler(env, { tickMs: 60_000 })
    try {
      await scheduler.tick()
      expect(state.executions.size).toBe(0)
      expect([...state.schedules.values()][0]!.nextRunAt).toBe(iso(clock.now + 60_000))
    } finally {
      await scheduler.stop()
    }
  })

  it('fires a 1-second interval schedule as its own timers run, and nothing after stop (fake timers)', async () => {
    vi.useFakeTimers()
    try {
      const { state } = setup()
      state.schedules.clear()
      const env = { state, now: () => Date.now(), options: {} }
      const created = await call(scheduleHandlers, 'schedulesCreate', env, { json: { ...base, intervalSeconds: 1 } })
      const scheduler = startScheduler(env, { tickMs: 50 })
      try {
        await vi.advanceTimersByTimeAsync(2100)
        const runs = [...state.executions.values()].filter((e) => e.trigger === 'schedule')
        expect(runs.length).toBeGreaterThanOrEqual(2)
        expect(state.schedules.get(created.json.id)!.lastRunAt).not.toBeNull()
      } finally {
        await scheduler.stop()
      }
      const after = state.executions.size
      await vi.advanceTimersByTimeAsync(5000)
      expect(state.executions.size).toBe(after)
    } finally {
      vi.useRealTimers()
    }
  })
})
