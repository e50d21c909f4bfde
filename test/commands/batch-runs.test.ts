// `scenario run --batch` and `webhook trigger --batch` end to end, in-process (src/cli.ts run()) against a real
// emulator (demo seed), as a CI job runs them: result lines, JUnit (parsed), exit codes, --resume, --shard,
// annotations, and the concurrency bound (counted by a forwarding server in front of the emulator). Ctrl-C in the
// middle of a batch is a process's: test/e2e/batch-runs.test.ts.
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { batchFixture, inputFile, junitOf, ndjsonLines } from '../helpers/batch-fixtures.js'
import { injectFault } from '../helpers/emulator-faults.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const { scenarioEnv, executionsTagged } = batchFixture(fx)

describe('scenario run --batch (in-process, real emulator)', () => {
  it('one result line per input, JUnit with one testcase each, a refused run makes it exit 5', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'jr', 5)
    await injectFault(fx.emu, { match: { method: 'POST', path: '/api/v1beta/scenario/scn_summarize' }, status: 409 })
    const results = join(dir, 'out.ndjson')
    const junit = join(dir, 'junit.xml')
    const r = await runCommand(
      [
        'scenario',
        'run',
        'scn_summarize',
        '--batch',
        file,
        '--results',
        results,
        '--junit',
        junit,
        '--concurrency',
        '1',
      ],
      { env: scenarioEnv('scn_summarize') },
    )
    expect(r.exitCode).toBe(5)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^5 runs: 4 completed, 1 refused in \d+\.\d s$/m)
    const out = ndjsonLines(await readFile(results, 'utf8'))
    expect(out.map((l) => l.index)).toEqual([0, 1, 2, 3, 4])
    expect(Object.keys(out[1])).toEqual(['index', 'input', 'runId', 'status', 'output', 'durationMs', 'error'])
    expect(out[0]).toMatchObject({ status: 'refused', runId: null, error: expect.stringMatching(/409/) })
    for (const l of out.slice(1)) {
      expect(l).toMatchObject({ status: 'completed', error: null, input: `jr ${l.index}` })
      expect(fx.emu.state.executions.get(l.runId)).toMatchObject({ input: `jr ${l.index}`, trigger: 'signed' })
    }
    expect(executionsTagged('jr')).toHaveLength(4)
    const suite = junitOf(await readFile(junit, 'utf8'))
    expect(suite).toMatchObject({ name: 'scenario scn_summarize', tests: '5', failures: '1', skipped: '0' })
    expect(suite.testcase[0].failure.message).toMatch(/409/)
    expect(r.stdout + r.stderr + (await readFile(junit, 'utf8'))).not.toContain(
      demoSecrets.scenarios.scn_summarize.secret,
    )
  })

  it('results go to stdout without --results; every run completed: exit 0, no annotation', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'so', 3)
    const r = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', file], {
      env: { ...scenarioEnv('scn_summarize'), GITHUB_ACTIONS: 'true' },
    })
    expect(r.exitCode).toBe(0)
    const sorted = ndjsonLines(r.stdout).sort((a, b) => a.index - b.index)
    expect(sorted.map((l) => `${l.index} ${l.status}`)).toEqual(['0 completed', '1 completed', '2 completed'])
    expect(r.stderr).not.toContain('::error')
  })

  it('a disabled scenario: every run refused, exit 5, one ::error:: per input under GitHub Actions', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'gh', 3)
    const args = ['scenario', 'run', 'scn_archive', '--batch', file]
    const r = await runCommand(args, { env: { ...scenarioEnv('scn_archive'), GITHUB_ACTIONS: 'true' } })
    expect(r.exitCode).toBe(5)
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('::error'))
    expect(notes.map((l) => /input (\d+)::/.exec(l)?.[1]).sort()).toEqual(['0', '1', '2'])
    expect(notes[0]).toMatch(/refused: .*409 Scenario is disabled/)
    expect(r.stderr).toMatch(/3 runs: 0 completed, 3 refused/)
    const plain = await runCommand(args, { env: scenarioEnv('scn_archive') })
    expect(plain.exitCode).toBe(5)
    expect(plain.stderr).not.toContain('::error')
  })

  it('a run that happened and did not complete is failed (scn_orphan); a wrong secret refuses all: exit 4', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'of', 2)
    const r = await runCommand(['scenario', 'run', 'scn_orphan', '--batch', file], { env: scenarioEnv('scn_orphan') })
    expect(r.exitCode).toBe(5)
    for (const l of ndjsonLines(r.stdout))
      expect(l).toMatchObject({ status: 'failed', runId: expect.stringMatching(/^exe_/), error: /run failed/ })
    const bad = { ...fx.env(), AGENTRY_SCENARIO_SECRET: 'wrong' }
    const w = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', file], { env: bad })
    expect(w.exitCode).toBe(4)
    expect(ndjsonLines(w.stdout).every((l) => l.status === 'refused')).toBe(true)
  })

  it('a malformed line in a file is a usage error naming its line, before any run', async () => {
    const dir = tempConfigDir()
    const file = join(dir, 'bad.ndjson')
    await writeFile(file, '"mf 0"\n\n{"input": 3}\n"mf 1"\n{oops\n')
    const r = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', file], {
      env: scenarioEnv('scn_summarize'),
    })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/2 malformed lines; nothing was run/)
    expect(r.stderr).toMatch(/line 3: an object line needs "input" as a string/)
    expect(r.stderr).toMatch(/line 5: not JSON/)
    expect(executionsTagged('mf')).toHaveLength(0)
  })

  it('stdin: inputs run as they are read; a bad line stops the launching with a usage error naming it', async () => {
    const env = scenarioEnv('scn_summarize')
    const ok = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', '-'], {
      env,
      input: '"si 0"\r\n"si 1"\n',
    })
    expect(ok.exitCode).toBe(0)
    expect(
      ndjsonLines(ok.stdout)
        .map((l) => l.input)
        .sort(),
    ).toEqual(['si 0', 'si 1'])
    const bad = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', '-', '--concurrency', '1'], {
      env,
      input: '"sb 0"\n"sb 1"\n[3]\n"sb 3"\n',
    })
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/--batch \(stdin\) line 3: expected a JSON string/)
    expect(executionsTagged('sb').map((e) => e.input)).not.toContain('sb 3')
  })

  it('--resume skips the inputs completed before (by index and input) and refuses another input file', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'rs', 4)
    const results = join(dir, 'out.ndjson')
    const env = scenarioEnv('scn_summarize')
    await injectFault(fx.emu, { match: { method: 'POST', path: '/api/v1beta/scenario/scn_summarize' }, status: 503 })
    const args = ['scenario', 'run', 'scn_summarize', '--batch', file, '--results', results, '--concurrency', '1']
    const first = await runCommand(args, { env })
    expect(first.exitCode).toBe(7)
    expect(executionsTagged('rs')).toHaveLength(3)
    const second = await runCommand([...args, '--resume', results], { env })
    expect(second.exitCode).toBe(0)
    expect(second.stderr).toMatch(/4 runs: 4 completed \(3 from --resume\)/)
    expect(executionsTagged('rs')).toHaveLength(4)
    const last = new Map(ndjsonLines(await readFile(results, 'utf8')).map((l) => [l.index, l.status]))
    expect([...last.values()]).toEqual(['completed', 'completed', 'completed', 'completed'])
    const other = await inputFile(dir, 'xx', 4, 'other.ndjson')
    const refused = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', other, '--resume', results], {
      env,
    })
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toMatch(/--resume .*another input file/)
    expect(executionsTagged('xx')).toHaveLength(0)
  })

  it('--resume into another --results file copies the skipped lines: it holds every input; JUnit counts them', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'rc', 3)
    const env = scenarioEnv('scn_summarize')
    const before = join(dir, 'before.ndjson')
    await injectFault(fx.emu, { match: { method: 'POST', path: '/api/v1beta/scenario/scn_summarize' }, status: 409 })
    const base = ['scenario', 'run', 'scn_summarize', '--batch', file, '--concurrency', '1']
    expect((await runCommand([...base, '--results', before], { env })).exitCode).toBe(5)
    const after = join(dir, 'after.ndjson')
    const junit = join(dir, 'junit.xml')
    const r = await runCommand([...base, '--results', after, '--resume', before, '--junit', junit], { env })
    expect(r.exitCode).toBe(0)
    const out = ndjsonLines(await readFile(after, 'utf8')).sort((a, b) => a.index - b.index)
    expect(out.map((l) => `${l.index} ${l.status}`)).toEqual(['0 completed', '1 completed', '2 completed'])
    expect(executionsTagged('rc')).toHaveLength(3)
    const suite = junitOf(await readFile(junit, 'utf8'))
    expect(suite).toMatchObject({ tests: '3', failures: '0' })
    expect(suite.testcase.filter((c: { 'system-out': string }) => /earlier run/.test(c['system-out']))).toHaveLength(2)
  })

  it('--shard i/n over i = 1…n: disjoint and complete', async () => {
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'sh', 10)
    const seen: number[][] = []
    for (const i of [1, 2, 3]) {
      const r = await runCommand(['scenario', 'run', 'scn_summarize', '--batch', file, '--shard', `${i}/3`], {
        env: scenarioEnv('scn_summarize'),
      })
      expect(r.exitCode).toBe(0)
      seen.push(ndjsonLines(r.stdout).map((l) => l.index))
    }
    const all = seen.flat().sort((a, b) => a - b)
    expect(all).toEqual([...Array(10).keys()])
    expect(seen.every((s) => s.length >= 3)).toBe(true)
    expect(executionsTagged('sh')).toHaveLength(10)
  })

  it('bad flags are usage errors naming them', async () => {
    const env = scenarioEnv('scn_summarize')
    const cases: [string[], RegExp][] = [
      [['--batch', '-', '--concurrency', '0'], /--concurrency: 0 must be a whole number from 1 to 64/],
      [['--batch', '-', '--concurrency', 'many'], /--concurrency: many must be a whole number from 1 to 64/],
      [['--batch', '-', '--shard', '4/3'], /--shard 4\/3/],
      [['--results', 'x.ndjson', '--input', 'a'], /--results works only with --batch/],
      [['--batch', '-', '--input', 'a'], /--input cannot be used with --batch/],
    ]
    for (const [flags, message] of cases) {
      const r = await runCommand(['scenario', 'run', 'scn_summarize', ...flags], { env, input: '"x"\n' })
      expect(r.exitCode, flags.join(' ')).toBe(2)
      expect(r.stderr).toMatch(message)
    }
  })
})

describe('the concurrency bound', () => {
  let proxy: Server | undefined
  afterEach(() => proxy?.close())

  /** A forwarding server in front of the emulator that counts the requests in flight. */
  async function countingProxy() {
    const seen = { now: 0, max: 0 }
    proxy = createServer(async (req, res) => {
      seen.max = Math.max(seen.max, ++seen.now)
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>
      const body = chunks.length ? Buffer.concat(chunks) : undefined
      const answer = await fetch(`${fx.emu.url}${req.url}`, { method: req.method, headers, body })
      const text = Buffer.from(await answer.arrayBuffer())
      seen.now--
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(text)
    })
    await new Promise<void>((ok) => proxy?.listen(0, '127.0.0.1', ok))
    return { seen, baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v1beta` }
  }

  it.each([1, 3])('--concurrency %i keeps exactly that many runs in flight', async (n) => {
    await hook(fx.emu, 'POST', 'latency', { ms: 80 })
    const { seen, baseUrl } = await countingProxy()
    const dir = tempConfigDir()
    const file = await inputFile(dir, `cc${n}`, 9)
    const args = ['scenario', 'run', 'scn_summarize', '--batch', file, '--concurrency', String(n)]
    const r = await runCommand([...args, '--signature-header', 'X-Signature'], {
      env: { ...scenarioEnv('scn_summarize'), AGENTRY_BASE_URL: baseUrl },
    })
    expect(r.exitCode, r.stderr).toBe(0)
    expect(ndjsonLines(r.stdout)).toHaveLength(9)
    expect(seen.max).toBe(n)
  })
})

describe('webhook trigger --batch (in-process, real emulator)', () => {
  it('one trigger per JSON object line, sent as its bytes; an inactive webhook refuses all (exit 5)', async () => {
    const dir = tempConfigDir()
    const file = join(dir, 'events.ndjson')
    await writeFile(file, '{"wh":"wh 0"}\n{"wh": "wh 1", "n": 2}\n')
    const r = await runCommand(['webhook', 'trigger', 'whk_orders', '--batch', file], { env: fx.env() })
    expect(r.exitCode, r.stderr).toBe(0)
    const out = ndjsonLines(r.stdout).sort((a, b) => a.index - b.index)
    expect(out.map((l) => l.status)).toEqual(['received', 'received'])
    expect(out[1].input).toEqual({ wh: 'wh 1', n: 2 })
    expect(fx.emu.state.executions.get(out[1].runId)).toMatchObject({
      trigger: 'webhook',
      input: '{"wh": "wh 1", "n": 2}',
    })
    expect(r.stderr).toMatch(/2 triggers: 2 received in/)
    const legacy = await runCommand(['webhook', 'trigger', 'whk_legacy', '--batch', file], { env: fx.env() })
    expect(legacy.exitCode).toBe(5)
    expect(ndjsonLines(legacy.stdout).every((l) => l.status === 'refused')).toBe(true)
    const notObject = join(dir, 'bad.ndjson')
    await writeFile(notObject, '{"ok":1}\n"text"\n')
    const bad = await runCommand(['webhook', 'trigger', 'whk_orders', '--batch', notObject], { env: fx.env() })
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/line 2: a webhook body must be a JSON object/)
  })
})
