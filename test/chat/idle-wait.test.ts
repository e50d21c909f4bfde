// Waiting as the service's reference says (brightsy.ai/docs/API "Timeouts": clients wait at least 300 s; issue 28
// item 4): a completion that is silent for longer than a minute mid-answer is still read to its end and printed, by
// default. The clocks are vitest's fake timers (the emulator's stall and undici's body timeout both run on them), so
// the 90 s of silence pass at once; the same run with a 60 s idle timeout (the old default) is cut with exit 124,
// which shows that the first test would catch a default below the silence.
import { createRequire } from 'node:module'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
/**
 * undici's low-resolution timers (its body timeout among them) tick on one setTimeout made at first use: reset, so
 * that the next one is made by the clock in force (the fake one during a test, the real one after).
 */
const undiciTimers = createRequire(import.meta.url)('undici/lib/util/timers.js') as { reset(): void }
const counted = Array.from({ length: 30 }, (_, i) => i + 1).join(' ')

/** `agentry chat demo-assistant -m "count to 30" -o ndjson`, its answer held for 90 s after its first bytes. */
async function silentForNinetySeconds(env: Record<string, string | undefined>) {
  const res = await hook(fx.emu, 'POST', 'faults', {
    match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
    stallMs: 90_000,
    stallAfterBytes: 800,
  })
  expect(res.status).toBe(201)
  const t = emulatorContext(fx, { env })
  const realSetTimeout = globalThis.setTimeout
  const realSleep = (ms: number) => new Promise((r) => realSetTimeout(r, ms))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  undiciTimers.reset()
  let settled = false
  const run = t.run(['chat', 'demo-assistant', '-m', 'count to 30', '-o', 'ndjson']).finally(() => {
    settled = true
  })
  // the answer has begun (its first words were printed: the body's idle timer runs) before the fake clock moves
  for (let i = 0; i < 5000 && !t.stdout().includes('"type":"text"') && !settled; i++) await realSleep(2)
  let fakeMs = 0
  // one-second steps, each with a real pause so that the sockets do their work
  for (; fakeMs < 150_000 && !settled; fakeMs += 1000) {
    await vi.advanceTimersByTimeAsync(1000)
    await realSleep(2)
  }
  vi.useRealTimers()
  undiciTimers.reset()
  const code = await run
  const events = t
    .stdout()
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; text?: string })
  return { code, fakeMs, events, text: events.map((e) => e.text ?? '').join(''), stderr: t.stderr() }
}

describe('the idle timeout of a streamed answer', () => {
  afterEach(() => {
    vi.useRealTimers()
    undiciTimers.reset()
  })

  it('by default (300 s) a completion silent for 90 s is still printed whole', async () => {
    const r = await silentForNinetySeconds({ AGENTRY_IDLE_TIMEOUT: undefined })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    // the answer came after the stall: at least 90 s of the fake clock went by
    expect(r.fakeMs).toBeGreaterThanOrEqual(89_000)
    expect(r.text).toBe(counted)
    expect(r.events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('with AGENTRY_IDLE_TIMEOUT=60 the same silence cuts the answer (exit 124)', async () => {
    const r = await silentForNinetySeconds({ AGENTRY_IDLE_TIMEOUT: '60' })
    expect(r.code).toBe(124)
    expect(r.fakeMs).toBeLessThan(89_000)
    expect(r.text).not.toBe(counted)
  })
})
