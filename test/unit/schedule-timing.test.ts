// The schedule checks shared by the CLI and the emulator: IANA time zones through Intl, cron expressions through
// croner (wire.md "API keys and schedules").
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkCron } from '../../src/schedule-timing/cron-check.js'
import { isTimeZone } from '../../src/schedule-timing/time-zone.js'

describe('isTimeZone', () => {
  it('accepts every zone the runtime lists, and refuses blanks and unknown names', () => {
    for (const tz of Intl.supportedValuesOf('timeZone')) expect(isTimeZone(tz), tz).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    for (const bad of ['', ' ', 'Mars/Olympus', 'Europe/Pariss']) expect(isTimeZone(bad), bad).toBe(false)
  })
})

describe('checkCron', () => {
  it('fires, never fires, or is invalid with croner’s reason (without its "CronPattern: " prefix)', () => {
    expect(checkCron('*/5 * * * *', 'UTC')).toEqual({ kind: 'fires' })
    expect(checkCron('0 9 * * 1-5', 'Europe/Paris', new Date(0))).toEqual({ kind: 'fires' })
    expect(checkCron('0 0 30 2 *', 'UTC')).toEqual({ kind: 'never' })
    const invalid = checkCron('61 * * * *', undefined)
    expect(invalid).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/minute/) })
    expect(invalid.kind === 'invalid' && invalid.reason).not.toMatch(/^CronPattern/)
  })

  it('a minute-of-hour pattern fires whatever the start, the time zone given or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 4_000_000_000_000 }), (m, from) => {
        expect(checkCron(`${m} * * * *`, undefined, new Date(from))).toEqual({ kind: 'fires' })
        expect(checkCron(`${m} * * * *`, '', new Date(from))).toEqual({ kind: 'fires' })
        expect(checkCron(`${m} * * * *`, 'Asia/Tokyo', new Date(from))).toEqual({ kind: 'fires' })
      }),
      { numRuns: 50 },
    )
  })
})
