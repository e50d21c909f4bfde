// The answer cache (issue 31 item 5, issue 41 item 3): keyed by the target's definition, the whole request and the
// repeat index. A second run reuses each repeat's own answer (never run 1's for run 2) and says how old the oldest
// is, a changed request or a changed agent asks again (so does an agent whose definition cannot be read), and CI or
// --no-cache never reuse. Against the emulator: an agent whose instructions changed between two runs is asked again.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

let server: DocumentedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Each completion answers `answer <n>`, n counting the completions asked; `GET agents/{id}` gives `agent` (none: 404). */
async function countingServer() {
  let asked = 0
  let gets = 0
  const agent: { definition: Record<string, unknown> | undefined } = {
    definition: { id: 'a', systemPrompt: 'be brief', updatedAt: '2026-01-01T00:00:00.000Z' },
  }
  server = await startDocumentedServer([
    {
      method: 'GET',
      pattern: '/{accountId}/agents/{agentId}',
      handle({ res }) {
        gets++
        res.writeHead(agent.definition ? 200 : 404, { 'content-type': 'application/json' })
        res.end(JSON.stringify(agent.definition ?? { error: 'not found' }))
      },
    },
    {
      method: 'POST',
      pattern: '/agent/{agentId}/chat/completion',
      handle({ res }) {
        asked++
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `c${asked}`,
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: `answer ${asked}` }, finish_reason: 'stop' }],
          }),
        )
      },
    },
  ])
  return { asked: () => asked, gets: () => gets, agent }
}

async function setUp(message = 'hi') {
  const dir = tempDir()
  const file = join(dir, 'tests.yaml')
  await writeFile(file, `targets: [{agent: a}]\ncases:\n  - description: c\n    message: ${message}\n    repeat: 3\n`)
  return { dir, file, cacheDir: join(dir, 'cache') }
}

async function runTests(
  s: { dir: string; file: string; cacheDir: string },
  extra: string[] = [],
  env = {},
  now?: () => number,
) {
  const results = join(s.dir, 'results.ndjson')
  const t = testContext({
    env: { AGENTRY_BASE_URL: server!.baseUrl, AGENTRY_CACHE_DIR: s.cacheDir, CI: undefined, ...env },
    ...(now ? { now } : {}),
  })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  expect(await t.run(['test', s.file, '--results', results, ...extra])).toBe(0)
  const lines = readFileSync(results, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { repeat: number; answer: string; cached?: boolean })
    .sort((a, b) => a.repeat - b.repeat)
  return { lines, stderr: t.stderr() }
}

describe('agentry test: the answer cache', () => {
  it('a second run reuses each repeat’s own answer, and says so', async () => {
    const srv = await countingServer()
    const s = await setUp()
    // a clock that stands still: the oldest answer is 0 s old
    const still = () => Date.parse('2026-03-01T10:00:00Z')
    const first = await runTests(s, [], {}, still)
    expect(srv.asked()).toBe(3)
    expect(first.lines.map((l) => l.cached)).toEqual([undefined, undefined, undefined])
    const answers = first.lines.map((l) => l.answer)
    expect(new Set(answers).size).toBe(3)
    const second = await runTests(s, [], {}, still)
    expect(srv.asked()).toBe(3)
    expect(second.lines.map((l) => [l.answer, l.cached])).toEqual(answers.map((a) => [a, true]))
    expect(second.stderr).toContain('3 answers from the cache of earlier runs, the oldest asked 0 s ago')
    // the agent's definition is read once per run, not once per case
    expect(srv.gets()).toBe(2)
  })

  it('says how old the oldest cached answer is', async () => {
    await countingServer()
    const s = await setUp()
    let clock = Date.parse('2026-03-01T10:00:00Z')
    await runTests(s, [], {}, () => clock)
    clock += 3 * 3600_000
    const later = await runTests(s, [], {}, () => clock)
    expect(later.stderr).toContain(
      '3 answers from the cache of earlier runs, the oldest asked 3 h ago (--no-cache asks again)',
    )
  })

  it('a changed agent is asked again; an agent whose definition cannot be read is never answered from the cache', async () => {
    const srv = await countingServer()
    const s = await setUp()
    await runTests(s)
    srv.agent.definition = { ...srv.agent.definition, systemPrompt: 'be verbose' }
    const changed = await runTests(s)
    expect(srv.asked()).toBe(6)
    expect(changed.lines.every((l) => l.cached === undefined)).toBe(true)
    srv.agent.definition = undefined
    const unread = await runTests(s)
    expect(srv.asked()).toBe(9)
    expect(unread.stderr).toMatch(
      /warning: agent a: its definition could not be read .*: its answers are asked again, not cached/,
    )
  })

  it('a changed request is asked again', async () => {
    const srv = await countingServer()
    const s = await setUp('hi')
    await runTests(s)
    await writeFile(s.file, readFileSync(s.file, 'utf8').replace('message: hi', 'message: hello'))
    const again = await runTests(s)
    expect(srv.asked()).toBe(6)
    expect(again.lines.every((l) => l.cached === undefined)).toBe(true)
  })

  it('a cache that cannot be written is said once and the run goes on', async () => {
    const srv = await countingServer()
    const s = await setUp()
    await writeFile(join(s.dir, 'not-a-dir'), 'x')
    const r = await runTests({ ...s, cacheDir: join(s.dir, 'not-a-dir') })
    expect(srv.asked()).toBe(3)
    expect(r.lines.every((l) => l.answer.startsWith('answer '))).toBe(true)
    expect(r.stderr.match(/warning: answers are not kept for later runs/g)).toHaveLength(1)
    expect(srv.gets()).toBe(1)
  })

  it('off when CI is set (unless --cache), and with --no-cache', async () => {
    const srv = await countingServer()
    const s = await setUp()
    await runTests(s, [], { CI: 'true' })
    await runTests(s, [], { CI: 'true' })
    expect(srv.asked()).toBe(6)
    // nothing was kept in CI: the first run that caches asks
    await runTests(s)
    expect(srv.asked()).toBe(9)
    await runTests(s, ['--no-cache'])
    expect(srv.asked()).toBe(12)
    const ci = await runTests(s, ['--cache'], { CI: 'true' })
    expect(srv.asked()).toBe(12)
    expect(ci.lines.every((l) => l.cached)).toBe(true)
  })
})
