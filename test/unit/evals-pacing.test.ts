// The pace of a test run (issue 31 item 6): a 429 halves the requests in flight (once per wave), the request is sent
// again after the Retry-After asked, answers grow the limit back, and the retries are bounded.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import { maxRateLimitRetries, Pacer } from '../../src/evals/pacing.js'

const tooMany = (retryAfter?: string) =>
  ApiError.generate({
    status: 429,
    message: 'slow down',
    method: 'POST',
    url: 'http://x/',
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  })

/** A pacer on a fake clock: waiting moves the clock (every wait is recorded). */
function fakePacer(max: number) {
  const clock = { now: 0, waits: [] as number[], slowDowns: [] as number[] }
  const pacer = new Pacer(
    max,
    async (ms) => {
      clock.waits.push(ms)
      clock.now += ms
    },
    () => clock.now,
    (limit) => clock.slowDowns.push(limit),
  )
  return { pacer, clock }
}

describe('Pacer', () => {
  it('sends a rate-limited request again after its Retry-After and returns the answer with the 429s met', async () => {
    const { pacer, clock } = fakePacer(8)
    let calls = 0
    const r = await pacer.send(async () => {
      if (++calls <= 2) throw tooMany('1.5')
      return 'answer'
    })
    expect(r).toEqual({ value: 'answer', rateLimited: 2 })
    expect(clock.waits).toEqual([1500, 1500])
    expect(clock.slowDowns).toEqual([4, 2])
  })

  it('halves the limit once for the 429s of one wave, and grows it back by one after as many answers as the limit', async () => {
    const { pacer, clock } = fakePacer(8)
    let limited = 4
    const release: (() => void)[] = []
    // eight requests in flight at once; four of them are told 429 (Retry-After: 0)
    const sent = Array.from({ length: 8 }, () =>
      pacer.send(
        () =>
          new Promise<string>((resolve, reject) => {
            release.push(() => (limited-- > 0 ? reject(tooMany('0')) : resolve('ok')))
          }),
      ),
    )
    await new Promise((r) => setImmediate(r))
    expect(release).toHaveLength(8)
    for (const r of release.splice(0)) r()
    // the four sent again wait for a slot under the lowered limit: at most 4 in flight
    for (let i = 0; i < 10 && release.length < 4; i++) await new Promise((r) => setImmediate(r))
    expect(clock.slowDowns).toEqual([4])
    expect(pacer.limit).toBe(4)
    for (const r of release.splice(0)) r()
    expect((await Promise.all(sent)).map((s) => s.value)).toEqual(Array(8).fill('ok'))
    // 4 answers in a row at the limit 4: one more allowed
    expect(pacer.limit).toBe(5)
  })

  it('gives up after maxRateLimitRetries, and at once when Retry-After asks for more than 60 s', async () => {
    const { pacer } = fakePacer(2)
    let calls = 0
    await expect(
      pacer.send(async () => {
        calls++
        throw tooMany()
      }),
    ).rejects.toThrow('429 slow down')
    expect(calls).toBe(maxRateLimitRetries + 1)
    calls = 0
    await expect(
      pacer.send(async () => {
        calls++
        throw tooMany('3600')
      }),
    ).rejects.toThrow('429')
    expect(calls).toBe(1)
  })

  it('another error is not retried', async () => {
    const { pacer } = fakePacer(2)
    let calls = 0
    const boom = ApiError.generate({ status: 500, message: 'boom', method: 'POST', url: 'http://x/' })
    await expect(
      pacer.send(async () => {
        calls++
        throw boom
      }),
    ).rejects.toBe(boom)
    expect(calls).toBe(1)
  })
})
