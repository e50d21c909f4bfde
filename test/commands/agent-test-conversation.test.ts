// Conversation cases of `agentry test` (issue 31 item 3) against the emulator: written turns sent in one conversation
// (the history carried client-side: the scripted model quotes the earlier message), each turn asserted and the
// whole conversation too; simulated users (the scripted model plays them deterministically) that meet their goal or
// run out of turns; and the file's conversation mistakes as usage errors before any request.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })

interface Turn {
  user: string
  answer: string | null
  latencyMs: number
  assertions: { type: string; pass: boolean; reason: string }[]
}
interface Line {
  description: string
  pass: boolean
  answer: string | null
  error: string | null
  assertions: { type: string; pass: boolean; reason: string }[]
  turns?: Turn[]
}

async function runFile(text: string) {
  const dir = tempDir()
  const file = join(dir, 'talk.yaml')
  const results = join(dir, 'results.ndjson')
  await writeFile(file, text)
  const t = emulatorContext(fx, { env: { GITHUB_ACTIONS: undefined } })
  const code = await t.run(['test', file, '--results', results])
  const lines: Line[] = readFileSync(results, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  return {
    code,
    lines,
    stderr: t.stderr(),
    stdout: t.stdout(),
    byCase: (d: string) => lines.find((l) => l.description === d)!,
  }
}

const file = `targets:
  - agent: demo-assistant
cases:
  - description: remembers the first turn
    conversation:
      - user: my name is {{name}}
        assert:
          - { type: contains, value: "You said: \\"my name is Ada\\"" }
      - user: what did I tell you?
        assert:
          - { type: contains, value: "Earlier you said: \\"my name is Ada\\"" }
          - { type: icontains, value: "turn 2 of our conversation" }
    vars: { name: Ada }
    assert:
      - { type: turns, max: 2 }
      - { type: judge, judge: demo-judge, rubric: 'The user says "my name is Ada" and the agent says "turn 2"' }
  - description: a turn that fails
    conversation:
      - user: hello
        assert:
          - { type: contains, value: Hello }
      - user: bye
        assert:
          - { type: contains, value: "see you" }
  - description: too many turns
    conversation:
      - user: one
      - user: two
      - user: three
    assert:
      - { type: turns, max: 2 }
  - description: the simulated user gets both cities
    simulate:
      agent: demo-judge
      goal: get the agent to say "Paris" and then "Lyon"
      maxTurns: 4
    assert:
      - { type: turns, max: 2 }
      - { type: judge, judge: demo-judge, rubric: 'mentions "Lyon"' }
  - description: the simulated user runs out of turns
    simulate:
      agent: demo-judge
      goal: get the agent to say "Paris" and then "Lyon"
      maxTurns: 1
`

describe('agentry test: conversations', () => {
  it('sends the turns in one conversation, asserts each turn and the whole, and keeps every turn', async () => {
    const { code, byCase, lines, stdout } = await runFile(file)
    const row = stdout.split('\n').find((l) => l.startsWith('a turn that fails\t'))!
    expect(row.split('\t').at(-1)).toBe('turn 2: contains: does not contain "see you"')
    expect(code).toBe(10)
    expect(lines).toHaveLength(5)
    const remembers = byCase('remembers the first turn')
    expect(remembers.pass).toBe(true)
    expect(remembers.turns!.map((t) => t.user)).toEqual(['my name is Ada', 'what did I tell you?'])
    expect(remembers.turns!.map((t) => t.assertions.map((a) => a.pass))).toEqual([[true], [true, true]])
    expect(remembers.turns![1]!.answer).toContain('Earlier you said: "my name is Ada"')
    expect(remembers.answer).toBe(remembers.turns![1]!.answer)
    expect(remembers.assertions.map((a) => [a.type, a.pass, a.reason])).toEqual([
      ['turns', true, '2 turns ≤ 2'],
      ['judge', true, 'demo-judge: the answer mentions "my name is Ada"; mentions "turn 2"'],
    ])
    const failing = byCase('a turn that fails')
    expect(failing.pass).toBe(false)
    expect(failing.turns!.map((t) => t.assertions[0]!.pass)).toEqual([true, false])
    expect(byCase('too many turns')).toMatchObject({
      pass: false,
      assertions: [{ type: 'turns', pass: false, reason: '3 turns > 2' }],
    })
  })

  it('lets a simulated user talk until its goal is met, or fails the goal when the turns run out', async () => {
    const { byCase } = await runFile(file)
    const met = byCase('the simulated user gets both cities')
    expect(met.turns!.map((t) => t.user)).toEqual(['Please say "Paris".', 'Please say "Lyon".'])
    expect(met.assertions.map((a) => [a.type, a.pass])).toEqual([
      ['goal', true],
      ['turns', true],
      ['judge', true],
    ])
    expect(met.pass).toBe(true)
    const out = byCase('the simulated user runs out of turns')
    expect(out.turns).toHaveLength(1)
    expect(out.assertions).toEqual([
      expect.objectContaining({
        type: 'goal',
        pass: false,
        reason: 'the simulated user did not reach its goal in 1 turn',
      }),
    ])
    expect(out.pass).toBe(false)
  })

  it('keeps the turns up to a failure and names the error', async () => {
    const r = await hook(fx.emu, 'POST', 'faults', {
      match: { method: 'POST', path: '^.*/agent/code-helper/chat/completion$' },
      status: 500,
    })
    expect(r.ok).toBe(true)
    const { byCase, code } = await runFile(`targets:
  - agent: demo-assistant
  - agent: code-helper
cases:
  - description: the simulator is missing
    targets: [demo-assistant]
    simulate: { agent: no-such-agent, goal: anything, maxTurns: 2 }
  - description: the target fails
    targets: [code-helper]
    simulate: { agent: demo-judge, goal: hear "Paris", maxTurns: 2 }
`)
    expect(code).not.toBe(0)
    const missing = byCase('the simulator is missing')
    expect(missing.error).toMatch(/no-such-agent/)
    expect(missing.turns).toEqual([])
    const failed = byCase('the target fails')
    expect(failed.error).toMatch(/500/)
    expect(failed.turns).toEqual([{ user: 'Please say "Paris".', answer: null, assertions: [], latencyMs: 0 }])
  })
})

describe('agentry test: conversation mistakes are usage errors', () => {
  const head = 'targets:\n  - agent: demo-assistant\n  - scenario: scn_summarize\ncases:\n'
  it.each([
    [
      'a conversation against a scenario',
      `${head}  - description: a\n    conversation:\n      - user: hi\n`,
      'cases[0].conversation: a conversation runs against agents; the scenario target "scn_summarize" takes one input',
    ],
    [
      'turns in a turn',
      `${head}  - description: a\n    targets: [demo-assistant]\n    conversation:\n      - user: hi\n        assert:\n          - { type: turns, max: 1 }\n`,
      'cases[0].conversation[0].assert[0].type: turns is checked on the whole conversation',
    ],
    [
      'goal outside simulate',
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: goal\n`,
      'cases[0].assert[0].type: goal is checked in a simulate case',
    ],
    [
      'a message beside a conversation',
      `${head}  - description: a\n    message: hi\n    targets: [demo-assistant]\n    conversation:\n      - user: hi\n`,
      'cases[0].message: a conversation case says what the user says in its turns: no message',
    ],
    [
      'a simulate without maxTurns',
      `${head}  - description: a\n    targets: [demo-assistant]\n    simulate: { agent: demo-judge, goal: x }\n`,
      'cases[0].simulate.maxTurns: required',
    ],
  ])('%s', async (_, text, message) => {
    const dir = tempDir()
    const f = join(dir, 'tests.yaml')
    await writeFile(f, text)
    const t = testContext()
    expect(await t.run(['test', f])).toBe(2)
    expect(t.stderr()).toContain(message)
  })
})
