// `agentry schedule …`: durations (property-tested), local checks of --cron/--every/--timezone before sending, the
// exact create/edit bodies, and the --yes rule of delete.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDuration, parseDuration } from '../../src/schedule-timing/duration.js'
import { stubCall } from '../helpers/http-stub.js'
import { testAccount, testContext } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'

const base = `/api/v1beta/${testAccount}/schedules`
const schedule = {
  id: 'sch_1',
  name: 'Hourly',
  scenarioId: 'scn_1',
  cron: null,
  intervalSeconds: 3600,
  timezone: 'UTC',
  input: '',
  status: 'active',
  nextRunAt: '2030-01-01T01:00:00.000Z',
  lastRunAt: null,
}

describe('durations', () => {
  it('reads the usual forms', () => {
    expect(parseDuration('30s')).toBe(30)
    expect(parseDuration('5m')).toBe(300)
    expect(parseDuration('1h')).toBe(3600)
    expect(parseDuration('1h30m')).toBe(5400)
    expect(parseDuration('2d')).toBe(172_800)
    expect(parseDuration('1w1d1h1m1s')).toBe(694_861)
    expect(parseDuration('1H30M')).toBe(5400)
    for (const bad of ['', '5', 'm', '1.5h', '30m1h', '1h 30m', '-5m', '5x', '1hh'])
      expect(parseDuration(bad)).toBe(undefined)
    expect(parseDuration('36500d')).toBe(36_500 * 86_400)
    expect(parseDuration('36500d1s')).toEqual({ problem: 'longer than 36500d (100 years)' })
  })

  it('format and parse are inverse, and the format is the shortest in units largest first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (n) => {
        const text = formatDuration(n)
        expect(parseDuration(text)).toBe(n)
        expect(text).toMatch(/^(?:\d+w)?(?:[1-6]d)?(?:(?:1?\d|2[0-3])h)?(?:[1-5]?\dm)?(?:[1-5]?\ds)?$/)
      }),
    )
  })

  it('parses any w/d/h/m/s combination to the sum of its parts', () => {
    const part = fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined })
    fc.assert(
      fc.property(part, part, part, part, part, (w, d, h, m, s) => {
        const parts: [number | undefined, string][] = [
          [w, 'w'],
          [d, 'd'],
          [h, 'h'],
          [m, 'm'],
          [s, 's'],
        ]
        const text = parts.map(([n, u]) => (n === undefined ? '' : `${n}${u}`)).join('')
        const expected = (w ?? 0) * 604_800 + (d ?? 0) * 86_400 + (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)
        expect(parseDuration(text)).toBe(text === '' ? undefined : expected)
      }),
    )
  })
})

describe('schedule create', () => {
  it('--every becomes intervalSeconds; the name defaults to the scenario and timing', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'POST', base, 201, { ...schedule, intervalSeconds: 5400 })
    const argv = ['schedule', 'create', '--scenario', 'scn_1', '--every', '1h30m', '--input', 'sync', '--json']
    expect(await t.run(argv)).toBe(0)
    expect(bodies).toEqual([{ name: 'scn_1 every 1h30m', scenarioId: 'scn_1', intervalSeconds: 5400, input: 'sync' }])
    expect(JSON.parse(t.stdout()).intervalSeconds).toBe(5400)
  })

  it('--cron with a time zone, a name and a status', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'POST', base, 201, { ...schedule, cron: '0 9 * * 1-5', intervalSeconds: null })
    const argv = ['schedules', 'create', '--scenario', 'scn_1', '--cron', '0 9 * * 1-5', '--timezone', 'Europe/Paris']
    argv.push('--name', 'Digest', '--status', 'inactive')
    expect(await t.run(argv)).toBe(0)
    expect(bodies).toEqual([
      { name: 'Digest', scenarioId: 'scn_1', cron: '0 9 * * 1-5', timezone: 'Europe/Paris', status: 'inactive' },
    ])
  })

  it('refuses bad flags before sending anything (exit 2, naming the problem and the fix)', async () => {
    const cases: [string[], RegExp][] = [
      [['--scenario', 's'], /when should it run\?\nhint: pass --cron "<expr>" or --every <duration>/],
      [['--scenario', 's', '--cron', '* * * * *', '--every', '5m'], /cannot be used with/],
      [['--scenario', 's', '--every', '90x'], /--every 90x: not a duration.*\nhint: e\.g\. --every 30s/],
      [['--scenario', 's', '--every', '0s'], /--every 0s: not a duration of 1s or more/],
      // overflow: past 2^53 seconds, and past what a date can hold
      [['--scenario', 's', '--every', '99999999999d'], /--every 99999999999d: longer than 36500d \(100 years\)/],
      [['--scenario', 's', '--every', `${'9'.repeat(30)}w`], /longer than 36500d/],
      [['--scenario', 's', '--cron', 'every day'], /--cron "every day": /],
      [['--scenario', 's', '--every', '5m', '--timezone', 'Mars/Olympus'], /--timezone Mars\/Olympus: not a time zone/],
      [['--every', '5m'], /--scenario is required/],
      [['--scenario', 's', '--every', '5m', '--status', 'paused'], /Allowed choices are active, inactive/],
    ]
    for (const [flags, pattern] of cases) {
      const t = testContext()
      expect(await t.run(['schedule', 'create', ...flags])).toBe(2)
      expect(t.stderr()).toMatch(pattern)
      expect(t.stdout()).toBe('')
    }
  })
})

describe('schedule list, get, edit, delete', () => {
  it('list prints when each runs, in words', async () => {
    const t = testContext()
    const cron = { ...schedule, id: 'sch_2', name: 'Daily', cron: '0 9 * * *', intervalSeconds: null }
    t.http.get(`${base}?page=1`).reply(200, { data: [schedule, cron] })
    expect(await t.run(['schedule', 'list'])).toBe(0)
    expect(t.stdout()).toBe(
      'sch_1\tHourly\tscn_1\tevery 1h\tUTC\tactive\t2030-01-01T01:00:00.000Z\n' +
        'sch_2\tDaily\tscn_1\tcron 0 9 * * *\tUTC\tactive\t2030-01-01T01:00:00.000Z\n',
    )
  })

  it('get prints one; edit PATCHes only what is given; nothing given is exit 2', async () => {
    const t = testContext()
    t.http.get(`${base}/sch_1`).reply(200, schedule)
    expect(await t.run(['schedule', 'get', 'sch_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(schedule)
    const bodies = stubCall(t, 'PATCH', `${base}/sch_1`, 200, { ...schedule, intervalSeconds: 900, status: 'inactive' })
    expect(await t.run(['schedule', 'edit', 'sch_1', '--every', '15m', '--status', 'inactive'])).toBe(0)
    expect(bodies).toEqual([{ intervalSeconds: 900, status: 'inactive' }])
    expect(await t.run(['schedule', 'edit', 'sch_1'])).toBe(2)
  })

  it('delete needs --yes without a terminal', async () => {
    const t = testContext()
    expect(await t.run(['schedule', 'delete', 'sch_1'])).toBe(2)
    expect(t.stderr()).toMatch(/--yes/)
    stubCall(t, 'DELETE', `${base}/sch_1`, 204)
    expect(await t.run(['schedule', 'rm', 'sch_1', '-y'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
  })
})

describe('schedule help', () => {
  itShowsExamples(
    [
      ['schedule'],
      ['schedule', 'list'],
      ['schedule', 'get'],
      ['schedule', 'create'],
      ['schedule', 'edit'],
      ['schedule', 'delete'],
    ],
    /\nExamples:\n {2}\S/,
  )
})
