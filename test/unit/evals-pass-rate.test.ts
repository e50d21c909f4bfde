// Repeats (issue 31 item 5): the pass rate of a cell's runs with its 95% Wilson interval, in the table's RUNS column,
// the --json rows and the summary line, which counts runs ("12 runs of 10 cases on 3 targets", not "10 × 3").
import { describe, expect, it } from 'vitest'
import { formatPassRate, passRate } from '../../src/evals/pass-rate.js'
import type { Cell } from '../../src/evals/results.js'
import { cellFields, cellRow, summaryLine } from '../../src/evals/summary.js'
import type { PlannedCase } from '../../src/evals/load.js'

const cell = (passed: number, runs: number, target = 't', pass = passed === runs) =>
  ({
    caseIndex: 0,
    case: 'c',
    description: 'c',
    target,
    runs,
    passed,
    passRate: 1,
    pass,
    error: null,
    latencyMs: 1,
    tokens: null,
    shown: { assertions: [], answer: '', error: null },
  }) as unknown as Cell

describe('pass rate', () => {
  it.each([
    [10, 12, 0.833, 0.552, 0.953],
    [0, 10, 0, 0, 0.278],
    [10, 10, 1, 0.722, 1],
    [1, 1, 1, 0.207, 1],
  ])('%i of %i: %f, 95%% CI %f–%f (Wilson)', (passed, runs, rate, low, high) => {
    expect(passRate(passed, runs)).toEqual({ passed, runs, rate, low, high })
  })
  it('prints as a percentage with its interval', () => {
    expect(formatPassRate(passRate(10, 12))).toBe('83% (95% CI 55–95%)')
  })
  it('the RUNS column adds it for repeated cells only; the JSON row always has it', () => {
    const runs = cellFields.find((f) => f.header === 'RUNS')!
    expect(runs.get(cellRow(cell(2, 3)))).toBe('2/3 67% (95% CI 21–94%)')
    expect(runs.get(cellRow(cell(1, 1)))).toBe('1/1')
    expect(cellRow(cell(2, 3))).toMatchObject({ passed: 2, runs: 3, rate: 0.667, interval: [0.208, 0.939] })
  })
  it('the summary counts runs, and with repeats the share of runs passed', () => {
    const cases = Array(10) as PlannedCase[]
    const ten = Array.from({ length: 10 }, (_, i) => cell(1, 1, `t${i % 3}`))
    expect(summaryLine(cases, ten, 2800, 3)).toBe('10 runs of 10 cases on 3 targets: 10 passed in 2.8 s')
    expect(summaryLine(cases.slice(0, 2), [cell(3, 3), cell(2, 3)], 1000, 1)).toBe(
      '6 runs of 2 cases on 1 target: 1 passed, 1 failed; 5 of 6 runs passed: 83% (95% CI 44–97%) in 1.0 s',
    )
  })
})
