// `agentry test <file> --rescore <results.ndjson>` (issue 31 item 4) against the emulator, its request log kept: the
// answers of an earlier run are checked again by the file's (changed) assertions, judges asked, and no target, agent
// or scenario, gets a single request.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const requests: string[] = []
const fx = emulatorFixture({ emulator: { ...quietEmulator, log: (l) => requests.push(l), logRequests: true } })
const env = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret, GITHUB_ACTIONS: undefined }

interface Line {
  description: string
  target: string
  pass: boolean
  answer: string | null
  error: string | null
  assertions: { type: string; pass: boolean; reason: string }[]
  turns?: { user: string; answer: string | null; assertions: { type: string; pass: boolean }[] }[]
}
const read = (path: string): Line[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))

const file = (hello: string, rubric: string, turn2: string) => `targets:
  - agent: demo-assistant
  - scenario: scn_summarize
    signatureHeader: X-Signature
cases:
  - description: greets
    message: hello
    targets: [demo-assistant]
    assert:
      - { type: contains, value: ${hello} }
      - { type: judge, judge: demo-judge, rubric: 'mentions "${rubric}"' }
  - description: scenario
    input: The printer is jammed.
    targets: [scn_summarize]
    assert:
      - { type: contains, value: printer }
  - description: talks
    targets: [demo-assistant]
    conversation:
      - user: my name is Ada
      - user: and yours?
        assert:
          - { type: contains, value: "${turn2}" }
  - description: simulated
    targets: [demo-assistant]
    simulate: { agent: demo-judge, goal: 'hear "Paris"', maxTurns: 2 }
    assert:
      - { type: turns, max: 1 }
`

describe('agentry test --rescore', () => {
  it('checks the earlier answers with the changed assertions, judges asked and no target', async () => {
    const dir = tempDir()
    const [tests, first, second] = ['tests.yaml', 'first.ndjson', 'second.ndjson'].map((f) => join(dir, f))
    await writeFile(tests!, file('Hello', 'Hello', 'Earlier you said'))
    expect(await emulatorContext(fx, { env }).run(['test', tests!, '--results', first!])).toBe(0)
    const before = read(first!)
    expect(requests.some((l) => l.includes('/agent/demo-assistant/chat/completion'))).toBe(true)

    await writeFile(tests!, file('Goodbye', 'Goodbye', 'turn 2'))
    requests.length = 0
    const t = emulatorContext(fx, { env: { ...env, AGENTRY_SCENARIO_SECRET: undefined } })
    expect(await t.run(['test', tests!, '--rescore', first!, '--results', second!])).toBe(10)
    const asked = requests.filter((l) => /\/api\/v1beta\//.test(l))
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((l) => l.includes('/agent/demo-judge/chat/completion'))).toBe(true)

    const after = read(second!)
    const by = (lines: Line[], d: string) => lines.find((l) => l.description === d)!
    expect(by(after, 'greets').answer).toBe(by(before, 'greets').answer)
    expect(by(after, 'greets').assertions.map((a) => [a.type, a.pass, a.reason])).toEqual([
      ['contains', false, 'does not contain "Goodbye"'],
      ['judge', false, 'demo-judge: the answer does not mention "Goodbye"; rubric: mentions "Goodbye"'],
    ])
    expect(by(after, 'scenario')).toMatchObject({ pass: true, answer: by(before, 'scenario').answer })
    const talks = by(after, 'talks')
    expect(talks.turns!.map((x) => x.answer)).toEqual(by(before, 'talks').turns!.map((x) => x.answer))
    expect(talks.turns![1]!.assertions).toMatchObject([{ type: 'contains', pass: true }])
    expect(talks.pass).toBe(true)
    const simulated = by(after, 'simulated')
    expect(simulated.assertions.map((a) => [a.type, a.pass])).toEqual([
      ['goal', true],
      ['turns', true],
    ])
  })

  it('a judge that gives no verdict fails its run with the error; the other runs are scored', async () => {
    const dir = tempDir()
    const [tests, first, second] = ['tests.yaml', 'first.ndjson', 'second.ndjson'].map((f) => join(dir, f))
    await writeFile(tests!, file('Hello', 'Hello', 'Earlier you said'))
    expect(await emulatorContext(fx, { env }).run(['test', tests!, '--results', first!])).toBe(0)
    await writeFile(tests!, file('Hello', 'Hello', 'Earlier you said').replace('judge: demo-judge', 'judge: no-judge'))
    const t = emulatorContext(fx, { env })
    const code = await t.run(['test', tests!, '--rescore', first!, '--results', second!])
    expect(code).toBe(3)
    const after = read(second!)
    expect(after.find((l) => l.description === 'greets')!.error).toMatch(/no-judge/)
    expect(after.filter((l) => l.error === null && l.pass)).toHaveLength(3)
  })

  it('says when the results file does not fit the test file, before asking anyone', async () => {
    const dir = tempDir()
    const [tests, other] = ['tests.yaml', 'other.ndjson'].map((f) => join(dir, f))
    await writeFile(tests!, file('Hello', 'Hello', 'x'))
    await writeFile(other!, '{"case":"something else","target":"demo-assistant","repeat":0,"answer":"hi"}\n')
    let t = emulatorContext(fx, { env })
    expect(await t.run(['test', tests!, '--rescore', other!])).toBe(2)
    expect(t.stderr()).toContain('none of its lines is a run of')
    await writeFile(other!, 'not json\n')
    t = emulatorContext(fx, { env })
    expect(await t.run(['test', tests!, '--rescore', other!])).toBe(2)
    expect(t.stderr()).toContain('line 1: not JSON')
    t = emulatorContext(fx, { env })
    expect(await t.run(['test', tests!, '--rescore', join(dir, 'none.ndjson')])).toBe(2)
    expect(t.stderr()).toContain('no such file')
  })
})
