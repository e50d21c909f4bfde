// A test file is fixed in one run (issue 31 item 2): every problem of the file at once, each unknown member named,
// promptfoo's names (providers, tests, llm-rubric, a CSV __expected column) answered with agentry's, and a judge
// given once for the file (judge:) or the run (--judge) instead of in every assertion.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })

async function runFile(text: string, extra: string[] = [], files: Record<string, string> = {}) {
  const dir = tempDir()
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body)
  const file = join(dir, 'tests.yaml')
  await writeFile(file, text)
  const t = testContext()
  const code = await t.run(['test', file, ...extra])
  return { code, stderr: t.stderr().replaceAll(file, 'tests.yaml'), stdout: t.stdout() }
}

describe('agentry test: a file fixed in one run', () => {
  it('a promptfoo-shaped file: every problem at once, each with agentry’s name for it', async () => {
    const r = await runFile(
      [
        'prompts: ["Answer: {{question}}"]',
        'providers: [openai:gpt-4o]',
        'tests:',
        '  - vars: {question: hi}',
        '    assert:',
        '      - type: llm-rubric',
        '        value: is polite',
        '',
      ].join('\n'),
    )
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('error: tests.yaml: 6 problems')
    expect(r.stderr).toContain('tests.yaml:1: prompts: unknown member "prompts"')
    expect(r.stderr).toContain('hint: write a message (or messages) in each case')
    expect(r.stderr).toContain('tests.yaml:2: providers: unknown member "providers"')
    expect(r.stderr).toContain('hint: write targets: [{agent: <agentId>}] (promptfoo’s providers)')
    expect(r.stderr).toContain('tests.yaml:4: tests: unknown member "tests"')
    expect(r.stderr).toContain('hint: write cases: [...] (promptfoo’s tests)')
    expect(r.stderr).toContain('targets: no target')
    // its tests are checked as the cases they would be, in the same run
    expect(r.stderr).toContain('tests.yaml:6: tests[0].assert[0].type: unknown assertion type "llm-rubric"')
  })

  it('promptfoo habits: file:// datasets, no description (named from the message), a string case said plainly', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'rows.csv'), 'city\nParis\n')
    const file = join(dir, 'tests.yaml')
    await writeFile(
      file,
      'targets: [{agent: demo-assistant}]\ncases:\n  - dataset: file://rows.csv\n    message: weather in {{city}}\n    assert: [{type: starts-with, value: "Sunny"}]\n',
    )
    const t = emulatorContext(fx)
    expect(await t.run(['test', file])).toBe(10)
    const ok = { stdout: t.stdout() }
    // the case is named by its filled-in message; a failed assertion says what was expected
    expect(ok.stdout).toMatch(
      /^weather in Paris\tdemo-assistant\tFAIL\t0\/1\t.*starts-with: starts with .*, expected "Sunny"/m,
    )
    const bad = await runFile(['targets: [{agent: demo-assistant}]', 'cases:', '  - file://more.csv', ''].join('\n'))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('tests.yaml:3: cases[0]: a case is an object, not "file://more.csv"')
    expect(bad.stderr).toContain('hint: rows of a file are a case with a dataset: {dataset: file://more.csv')
  })

  it('a scenario target with no signing secret is named, with its line in the file', async () => {
    const r = await runFile(
      ['cases:', '  - message: hi', 'targets:', '  - agent: demo-assistant', '  - scenario: scn_summarize', ''].join(
        '\n',
      ),
    )
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('error: tests.yaml:5: target scn_summarize (scenario scn_summarize): no signing secret')
  })

  it('problems of several cases, and every unknown member of one, in one run', async () => {
    const r = await runFile(
      [
        'targets: [{agent: demo-assistant}]',
        'cases:',
        '  - description: a',
        '    mesage: hi',
        '    expected: x',
        '  - description: b',
        '    message: "{{town}}"',
        '  - description: c',
        '    message: hi',
        '    assert: [{type: llm-rubric, value: polite}]',
        '  - description: d',
        '    message: hi',
        '    targets: [nope]',
        '',
      ].join('\n'),
    )
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('tests.yaml:4: cases[0].mesage: unknown member "mesage"')
    expect(r.stderr).toContain('tests.yaml:5: cases[0].expected: unknown member "expected"')
    expect(r.stderr).toContain('tests.yaml:10: cases[2].assert[0].type: unknown assertion type "llm-rubric"')
    expect(r.stderr).toContain(
      'hint: promptfoo’s llm-rubric is written here as {type: judge, judge: <agentId>, rubric: <what a good answer does>}',
    )
    // the schema's problems come first; once it is met, the plan's (every case)
    const fixed = await runFile(
      [
        'targets: [{agent: demo-assistant}]',
        'cases:',
        '  - description: b',
        '    message: "{{town}}"',
        '  - description: c',
        '    message: hi',
        '    assert: [{type: judge, rubric: polite}]',
        '  - description: d',
        '    message: hi',
        '    targets: [nope]',
        '',
      ].join('\n'),
    )
    expect(fixed.code).toBe(2)
    expect(fixed.stderr).toContain('error: tests.yaml: 3 problems')
    expect(fixed.stderr).toContain('tests.yaml:4: cases[0].message: {{town}} has no value')
    expect(fixed.stderr).toContain('tests.yaml:7: cases[1].assert[0]: a judge assertion needs the agent that judges')
    expect(fixed.stderr).toContain('tests.yaml:10: cases[2].targets[0]: no target "nope"')
  })

  it('a CSV __expected column is refused with the way to write it, not ignored', async () => {
    const r = await runFile(
      'targets: [{agent: a}]\ncases:\n  - description: c\n    dataset: rows.csv\n    message: "{{q}}"\n',
      [],
      { 'rows.csv': 'q,__expected\nhi,hello\n' },
    )
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("rows.csv line 1: column 2 is promptfoo's __expected, which agentry does not read")
    expect(r.stderr).toContain('hint: name it e.g. expected and assert on it in the case')
  })
})

describe('agentry test: a default judge', () => {
  const file = (judge: string) =>
    `targets: [{agent: demo-assistant}]\n${judge}cases:\n  - description: c\n    message: hello\n    assert: [{type: judge, rubric: greets}]\n`

  it('judge: at the top of the file judges the assertions that name none; --judge overrides it', async () => {
    const dir = tempDir()
    const path = join(dir, 'tests.yaml')
    const results = join(dir, 'r.ndjson')
    await writeFile(path, file('judge: demo-judge\n'))
    const t = emulatorContext(fx)
    await t.run(['test', path, '--results', results])
    const { readFileSync } = await import('node:fs')
    const line = JSON.parse(readFileSync(results, 'utf8').trim())
    expect(line.assertions[0].judge.agent).toBe('demo-judge')
    const t2 = emulatorContext(fx)
    await t2.run(['test', path, '--results', results, '--judge', 'demo-assistant'])
    expect(JSON.parse(readFileSync(results, 'utf8').trim()).assertions[0].judge.agent).toBe('demo-assistant')
  })
})
