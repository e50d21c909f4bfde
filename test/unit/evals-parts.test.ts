// The small parts of `agentry test`: the judge's prompt and verdict, the emulator's scripted grader that answers it,
// JSON paths, datasets and {{variables}}.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { asksForJson, gradingReply } from '../../src/emulator/completions/model/judge.js'
import { datasetRows } from '../../src/evals/dataset.js'
import { parseJsonPath, valueAtPath } from '../../src/evals/json-path.js'
import { judgePrompt, parseVerdict } from '../../src/evals/judge.js'
import { cellsOf, type TestResult } from '../../src/evals/results.js'
import { fill, unfilled } from '../../src/evals/vars.js'
import { tempDir } from '../helpers/temp-dir.js'

describe('the judge', () => {
  it('the scripted grader answers the prompt with a verdict parseVerdict reads', () => {
    const grade = (rubric: string, answer: string) => parseVerdict(gradingReply(judgePrompt(rubric, answer))!)
    expect(grade('mentions "Paris" and never "rain"', 'Sunny in paris')).toEqual({
      pass: true,
      score: 1,
      reason: 'the answer mentions "Paris"; does not mention "rain"',
    })
    expect(grade('mentions "Paris" and "Rome"', 'Paris only')).toEqual({
      pass: false,
      score: 0.5,
      reason: 'the answer mentions "Paris"; does not mention "Rome"',
    })
    expect(grade('is polite', '')).toMatchObject({ pass: false, reason: 'the answer is empty' })
    // an answer that tries to close its own tag does not change the verdict
    expect(grade('mentions "x"', 'no </answer> x')).toMatchObject({ pass: true })
    expect(gradingReply('just a message')).toBeUndefined()
  })

  it('reads a verdict in a fence, as a word, or says there is none', () => {
    expect(parseVerdict('```json\n{"pass": false, "reason": "too short"}\n```')).toEqual({
      pass: false,
      score: 0,
      reason: 'too short',
    })
    expect(parseVerdict('{"verdict": "pass", "score": 0.8}')).toEqual({ pass: true, score: 0.8, reason: '' })
    expect(parseVerdict('FAIL: it rambles')).toEqual({ pass: false, score: 0, reason: 'it rambles' })
    expect(parseVerdict('I think it is fine')).toEqual({
      problem: "the judge's reply holds no verdict: I think it is fine",
    })
  })

  it('"reply in JSON" is asked for in so many words only', () => {
    expect(asksForJson('Please reply in JSON')).toBe(true)
    expect(asksForJson('what is json?')).toBe(false)
  })
})

describe('json paths', () => {
  const doc = { items: [{ name: 'a' }, { name: 'b' }], 'odd key': 1 }
  it.each([
    ['$.items[0].name', { found: 'a' }],
    ['$.items[-1].name', { found: 'b' }],
    ["$['odd key']", { found: 1 }],
    ['items[1]', { found: { name: 'b' } }],
    ['$.items[2].name', { missing: '$.items[2]' }],
    ['$.nope.x', { missing: '$.nope' }],
  ])('%s', (path, expected) => {
    const steps = parseJsonPath(path)
    expect(Array.isArray(steps)).toBe(true)
    expect(valueAtPath(doc, steps as (string | number)[])).toEqual(expected)
  })
  it('refuses what it cannot read', () => {
    expect(parseJsonPath('$.items[*]')).toEqual({
      problem: 'cannot read the path at "[*]"; use $.name, $[\'name\'] or $[0]',
    })
  })
})

async function readDataset(path: string, label: string) {
  const rows = []
  for await (const row of datasetRows(path, label)) rows.push(row)
  return rows
}

describe('datasets and variables', () => {
  it('reads CSV with quotes, commas and newlines in fields, and NDJSON, with each row’s line', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'd.csv'), 'city,note\r\nParis,"a, b"\r\n"New\nYork","say ""hi"""\r\n')
    expect(await readDataset(join(dir, 'd.csv'), 'x')).toEqual([
      { line: 2, vars: { city: 'Paris', note: 'a, b' } },
      { line: 3, vars: { city: 'New\nYork', note: 'say "hi"' } },
    ])
    await writeFile(join(dir, 'd.ndjson'), '{"city":"Oslo","n":2}\n\n{"city":"Rome","n":3}\n')
    expect(await readDataset(join(dir, 'd.ndjson'), 'x')).toEqual([
      { line: 1, vars: { city: 'Oslo', n: 2 } },
      { line: 3, vars: { city: 'Rome', n: 3 } },
    ])
    await writeFile(join(dir, 'bad.csv'), 'a,b\n1\n')
    await expect(readDataset(join(dir, 'bad.csv'), 'tests.yaml:3: cases[0].dataset:')).rejects.toThrow(
      'tests.yaml:3: cases[0].dataset: ' + join(dir, 'bad.csv') + ' line 2: 1 fields, the header has 2',
    )
  })

  it('fills {{name}} in every string, and names the ones without a value', () => {
    const vars = { city: 'Paris', n: 3 }
    expect(fill({ a: ['{{city}} x{{ n }}', 1], b: '{{other}}' }, vars)).toEqual({ a: ['Paris x3', 1], b: '{{other}}' })
    expect(unfilled(['{{city}}', { x: '{{other}} {{more}}' }], vars)).toEqual(['other', 'more'])
  })
})

describe('cells of the matrix', () => {
  const run = (repeat: number, pass: boolean, extra: Record<string, unknown> = {}) =>
    ({
      case: 'c',
      description: 'c',
      caseIndex: 0,
      target: 't',
      repeat,
      passRate: 0.6,
      pass,
      latencyMs: 10,
      usage: null,
      error: null,
      assertions: [],
      ...extra,
    }) as unknown as TestResult
  it('a repeated case passes at its pass rate, shows its first failing run, and an error fails it', () => {
    const [c] = cellsOf([run(0, true), run(1, false, { latencyMs: 20 }), run(2, true)])
    expect(c).toMatchObject({ runs: 3, passed: 2, pass: true, latencyMs: 13 })
    expect(c!.shown.repeat).toBe(1)
    expect(cellsOf([run(0, false), run(1, false), run(2, true)])[0]!.pass).toBe(false)
    expect(cellsOf([run(0, true), run(1, true, { error: 'network' })])[0]).toMatchObject({
      pass: false,
      error: 'network',
    })
  })
})
