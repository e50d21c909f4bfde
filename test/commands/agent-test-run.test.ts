// `agentry test` against the emulator (in-process): the demo file of docs/ runs as is with its passing and failing
// cases, its JUnit is accepted by an XML parser, its results lines carry every verdict, and the CI extras (filter,
// shard, compare, GitHub annotations and step summary) do what docs/commands.md says.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const demo = join(import.meta.dirname, '..', '..', 'docs', 'agent-tests.example.yaml')
const env = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret, GITHUB_ACTIONS: undefined }

interface Line {
  case: string
  description: string
  target: string
  repeat: number
  pass: boolean
  answer: string | null
  error: string | null
  assertions: {
    type: string
    pass: boolean
    reason: string
    judge?: { agent: string; pass: boolean; reason: string }
  }[]
}
const readLines = (path: string): Line[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))

describe('agentry test: the demo file', () => {
  it('runs as is: the table on stdout, exit 10 for its two failing cases, every file written', async () => {
    const dir = tempDir()
    const files = ['results.ndjson', 'junit.xml', 'report.html'].map((f) => join(dir, f))
    const t = emulatorContext(fx, { env })
    const code = await t.run(['test', demo, '--results', files[0]!, '--junit', files[1]!, '--report', files[2]!])
    expect(code).toBe(10)
    const rows = t.stdout().trim().split('\n')
    expect(rows).toHaveLength(12)
    const weather = rows.find((r) => r.startsWith('calls get_weather for Paris\t'))!
    expect(weather.split('\t').slice(0, 4)).toEqual(['calls get_weather for Paris', 'weather-bot', 'pass', '1/1'])
    expect(rows.filter((r) => r.split('\t')[2] === 'FAIL').map((r) => r.split('\t')[0])).toEqual([
      'mentions the weather (fails on purpose)',
      'no tool call (fails on purpose)',
    ])
    expect(t.stderr()).toMatch(
      /12 cases on 3 targets = 12 cells: 10 passed, 2 failed, 0 errored; 14 runs, 0 errored \(--errors fail: a run with no answer fails its cell\); 12 of 14 runs passed: 86% \(95% CI 60–96%\), pass\^N 100% in \d+\.\d s\n/,
    )
    expect(t.stderr()).toContain(
      'error: 2 of 12 cells failed: 12 cases on 3 targets = 12 cells: 10 passed, 2 failed, 0 errored',
    )

    const lines = readLines(files[0]!)
    expect(lines).toHaveLength(14) // 12 cells, one of them repeated 3 times
    const byCase = (d: string) => lines.find((l) => l.description === d)!
    const judged = byCase('counts to five, and the judge agrees').assertions.find((a) => a.type === 'judge')!
    expect(judged).toMatchObject({ pass: true, judge: { agent: 'demo-judge', pass: true } })
    expect(judged.judge!.reason).toBe('the answer mentions "3"; does not mention "six"')
    const failedJudge = byCase('mentions the weather (fails on purpose)').assertions.find((a) => a.type === 'judge')!
    expect(failedJudge).toMatchObject({
      pass: false,
      judge: { pass: false, reason: 'the answer does not mention "sunny"' },
    })
    const talk = byCase('remembers the first turn of a conversation') as Line & { turns: { user: string }[] }
    expect([talk.pass, talk.turns.map((x) => x.user)]).toEqual([true, ['My name is Ada.', 'What did I just tell you?']])
    expect(byCase('a simulated user gets the agent to name two cities').pass).toBe(true)
    expect(byCase('calls get_weather for Paris').assertions[1]).toMatchObject({ type: 'tool-call', pass: true })
    expect(lines.filter((l) => l.case === 'stays stable over three runs').map((l) => l.repeat)).toEqual(
      expect.arrayContaining([0, 1, 2]),
    )
    expect(byCase('the summary scenario echoes its input')).toMatchObject({ target: 'scn_summarize', pass: true })
    const kinds = new Set(lines.flatMap((l) => l.assertions.map((a) => a.type)))
    for (const k of [
      'latency',
      'starts-with',
      'icontains',
      'finish-reason',
      'tokens',
      'tool-call',
      'is-json',
      'json-path',
      'equals',
      'regex',
      'judge',
      'contains-all',
      'not-icontains',
      'contains',
      'no-tool-call',
    ])
      expect(kinds).toContain(k)

    const xml = readFileSync(files[1]!, 'utf8')
    expect(XMLValidator.validate(xml)).toBe(true)
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    expect(junit.testsuites).toMatchObject({ tests: '12', failures: '2', errors: '0' })
    const suites = [junit.testsuites.testsuite].flat()
    expect(suites.map((s: { name: string }) => s.name).sort()).toEqual([
      'demo-assistant',
      'scn_summarize',
      'weather-bot',
    ])
    type Testcase = { name: string; failure?: unknown }
    const failing = suites
      .flatMap((s: { testcase: Testcase | Testcase[] }) => [s.testcase].flat())
      .filter((c: Testcase) => c.failure)
    expect(failing.map((c: Testcase) => c.name)).toEqual([
      'mentions the weather (fails on purpose)',
      'no tool call (fails on purpose)',
    ])
    expect(readFileSync(files[2]!, 'utf8')).toMatch(/^<!doctype html>/)
  })

  it('runs as is with --emulator and no secret given: the scenario is signed with the demo secret', async () => {
    const t = testContext({ env: { AGENTRY_SCENARIO_SECRET: undefined } })
    t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/) // the run's own in-process emulator
    expect(await t.run(['--emulator', 'test', demo, '--filter', 'scenario', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject([{ target: 'scn_summarize', verdict: 'pass' }])
  })

  it('--filter and --shard pick cases; a run where all pass exits 0', async () => {
    const t = emulatorContext(fx, { env })
    expect(await t.run(['test', demo, '--filter', 'smoke'])).toBe(0)
    expect(
      t
        .stdout()
        .trim()
        .split('\n')
        .map((r) => r.split('\t')[0]),
    ).toEqual(['greets by name'])
    const shards = await Promise.all(
      [1, 2].map(async (i) => {
        const s = emulatorContext(fx, { env })
        await s.run(['test', demo, '--filter', 'tools', '--shard', `${i}/2`])
        return s
          .stdout()
          .trim()
          .split('\n')
          .map((r) => r.split('\t')[0])
      }),
    )
    expect(shards[0]!.length + shards[1]!.length).toBe(3)
    expect(new Set([...shards[0]!, ...shards[1]!]).size).toBe(3)
  })

  it('--compare lists what changed verdict; under GitHub Actions: annotations and the step summary', async () => {
    const dir = tempDir()
    const before = join(dir, 'before.ndjson')
    const summary = join(dir, 'summary.md')
    // an earlier run in which "greets by name" failed and "no tool call" passed
    const line = (c: string, target: string, pass: boolean) => JSON.stringify({ case: c, target, pass, repeat: 0 })
    await writeFile(
      before,
      `${line('greets by name', 'demo-assistant', false)}\n${line('no tool call (fails on purpose)', 'weather-bot', true)}\n`,
    )
    const t = emulatorContext(fx, { env: { ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } })
    expect(await t.run(['test', demo, '--compare', before])).toBe(10)
    const err = t.stderr()
    expect(err).toContain('fixed: greets by name on demo-assistant (failed → passed)')
    expect(err).toContain('regressed: no tool call (fails on purpose) on weather-bot (passed → failed)')
    expect(err).toContain(`since ${before}: 2 verdicts changed`)
    expect(err).toMatch(
      /^::error file=.*agent-tests\.example\.yaml,line=\d+,title=weather-bot%3A no tool call \(fails on purpose\)::no-tool-call: called get_weather, expected no tool call$/m,
    )
    const md = readFileSync(summary, 'utf8')
    expect(md).toContain('| no tool call (fails on purpose) | weather-bot | passed | **failed** |')
    expect(md).toContain('| mentions the weather (fails on purpose) | demo-assistant |')
  })

  it('with the cache on, an agent whose instructions changed between two runs is asked again', async () => {
    const dir = tempDir()
    const file = join(dir, 'tests.yaml')
    await writeFile(file, 'targets: [{agent: demo-assistant}]\ncases:\n  - message: hello\n    repeat: 2\n')
    const results = join(dir, 'results.ndjson')
    const cached = async () => {
      const t = emulatorContext(fx, { env: { ...env, AGENTRY_CACHE_DIR: join(dir, 'cache'), CI: undefined } })
      expect(await t.run(['test', file, '--cache', '--results', results])).toBe(0)
      return readLines(results).map((l) => (l as Line & { cached?: boolean }).cached === true)
    }
    expect(await cached()).toEqual([false, false])
    expect(await cached()).toEqual([true, true])
    const agent = fx.emu.state.agents.get('demo-assistant')!
    const was = agent.systemPrompt
    agent.systemPrompt = `${was} Answer in French.`
    try {
      expect(await cached()).toEqual([false, false])
      expect(await cached()).toEqual([true, true])
    } finally {
      agent.systemPrompt = was
    }
  })
})
