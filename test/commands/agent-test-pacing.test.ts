// `agentry test` against a server that answers 429 whenever more than two completions are in flight: the run lowers
// its concurrency, waits out Retry-After, sends the cases again and judges them on their answers; no 429 is counted
// as an error. A server that never stops answering 429 still ends the run (bounded), exit 6. No real-clock sleep: the
// server holds the first requests until one beyond its capacity has met a 429 (a deadline-bounded poll), and the run's
// waits go to a fake clock (the Context's `now` and `sleep`).
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { clearFaults, injectFault } from '../helpers/emulator-faults.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
let server: DocumentedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/**
 * A completion route that allows `capacity` requests in flight and answers 429 (Retry-After) beyond; the requests it
 * takes are held until one has met a 429, so that the run's first wave is over the capacity whatever the machine's
 * speed.
 */
async function limitedServer(capacity: number, retryAfter: string) {
  const seen = { inFlight: 0, peak: 0, limited: 0, answered: 0 }
  server = await startDocumentedServer([
    {
      method: 'POST',
      pattern: '/agent/{agentId}/chat/completion',
      async handle({ res, body }) {
        if (seen.inFlight >= capacity) {
          seen.limited++
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
          res.end(JSON.stringify({ error: { message: 'Too many requests' } }))
          return
        }
        seen.inFlight++
        seen.peak = Math.max(seen.peak, seen.inFlight)
        await pollUntil(() => seen.limited > 0, { what: 'a 429 to a request beyond the capacity' })
        seen.inFlight--
        seen.answered++
        const { messages } = JSON.parse(body.toString()) as { messages: { content: string }[] }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `c${seen.answered}`,
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: `echo ${messages.at(-1)!.content}` },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
          }),
        )
      },
    },
  ])
  return seen
}

async function runTests(cases: number, extra: string[]) {
  const dir = tempDir()
  const file = join(dir, 'tests.yaml')
  const list = Array.from({ length: cases }, (_, i) => `  - description: case ${i}\n    message: m${i}\n`).join('')
  await writeFile(
    file,
    `targets: [{agent: a}]\ndefaults:\n  assert: [{type: equals, value: "echo {{n}}"}]\ncases:\n${list.replaceAll(/message: m(\d+)\n/g, 'message: m$1\n    vars: {n: m$1}\n')}`,
  )
  const results = join(dir, 'results.ndjson')
  // the run's clock: its waits (Retry-After) move it on at once
  const clock = { now: 0, slept: [] as number[] }
  const t = testContext({
    env: { AGENTRY_BASE_URL: server!.baseUrl, GITHUB_ACTIONS: undefined },
    now: () => clock.now,
    sleep: async (ms) => {
      clock.slept.push(ms)
      clock.now += ms
    },
  })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  const code = await t.run(['test', file, '--results', results, ...extra])
  const lines = readFileSync(results, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pass: boolean; error: string | null; rateLimited?: number; answer: string })
  return { code, lines, stderr: t.stderr(), slept: clock.slept }
}

describe('agentry test: pacing on 429', () => {
  it('slows down and retries rate-limited cases, which pass on their answers; no error', async () => {
    const seen = await limitedServer(2, '0')
    const r = await runTests(24, ['--concurrency', '12'])
    expect(r.stderr).not.toMatch(/^error|[1-9]\d* errored/m)
    expect(r.code).toBe(0)
    expect(seen.limited).toBeGreaterThan(0)
    expect(r.lines).toHaveLength(24)
    expect(r.lines.every((l) => l.pass && l.error === null)).toBe(true)
    expect(r.lines.reduce((n, l) => n + (l.rateLimited ?? 0), 0)).toBe(seen.limited)
    expect(r.stderr).toMatch(/rate-limited \(429\): at most \d+ requests? in flight now/)
    expect(r.stderr).toContain('24 cases × 1 target = 24 cells: 24 passed, 0 failed, 0 errored; 24 runs, 0 errored')
  })

  it('honours Retry-After in seconds before sending again', async () => {
    const seen = await limitedServer(1, '1')
    const r = await runTests(3, ['--concurrency', '3'])
    expect(r.code).toBe(0)
    expect(seen.limited).toBeGreaterThan(0)
    expect(r.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000)
    expect(r.stderr).toContain('resuming in 1.0 s')
    expect(r.lines.every((l) => l.pass)).toBe(true)
  })

  it('a server that answers only 429 ends the run with the case as an error (exit 6), retries bounded', async () => {
    const seen = await limitedServer(0, '0')
    const r = await runTests(1, [])
    expect(r.code).toBe(6)
    expect(seen.limited).toBe(9)
    expect(r.lines[0]).toMatchObject({ pass: false, error: expect.stringContaining('429') })
  })

  it('the emulator’s 429 with Retry-After (fault injection): the case is sent again and passes', async () => {
    await injectFault(fx.emu, {
      match: { method: 'POST', path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      count: 2,
      status: 429,
      retryAfter: 0,
    })
    try {
      const dir = tempDir()
      const file = join(dir, 'tests.yaml')
      const results = join(dir, 'r.ndjson')
      await writeFile(
        file,
        'targets: [{agent: demo-assistant}]\ncases:\n  - description: hello\n    message: hello\n    assert: [{type: starts-with, value: Hello!}]\n',
      )
      const t = emulatorContext(fx, { env: { GITHUB_ACTIONS: undefined } })
      expect(await t.run(['test', file, '--results', results])).toBe(0)
      expect(JSON.parse(readFileSync(results, 'utf8'))).toMatchObject({ pass: true, error: null, rateLimited: 2 })
    } finally {
      await clearFaults(fx.emu)
    }
  })

  it('a conversation case’s turns are paced too: its turn that met 429s is sent again, the conversation goes on', async () => {
    await injectFault(fx.emu, {
      match: { method: 'POST', path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      count: 2,
      status: 429,
      retryAfter: 0,
    })
    try {
      const dir = tempDir()
      const file = join(dir, 'tests.yaml')
      const results = join(dir, 'r.ndjson')
      await writeFile(
        file,
        [
          'targets: [{agent: demo-assistant}]',
          'cases:',
          '  - description: two turns',
          '    conversation:',
          '      - user: my name is Ada',
          '      - user: what did I tell you?',
          '        assert: [{type: contains, value: "Earlier you said: \\"my name is Ada\\""}]',
          '    assert: [{type: turns, max: 2}]',
          '',
        ].join('\n'),
      )
      const t = emulatorContext(fx, { env: { GITHUB_ACTIONS: undefined } })
      expect(await t.run(['test', file, '--results', results])).toBe(0)
      const line = JSON.parse(readFileSync(results, 'utf8'))
      expect(line).toMatchObject({ pass: true, error: null, rateLimited: 2 })
      expect(line.turns).toHaveLength(2)
    } finally {
      await clearFaults(fx.emu)
    }
  })
})
