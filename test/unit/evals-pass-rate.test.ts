// Repeats (issue 31 item 5, issue 41 items 1 and 2): the pass rate of a cell's runs with its 95% Wilson interval,
// the gate of a case (minPass of its runs, or a share), pass^N, what a run with no answer counts as (--errors), the
// RUNS column, the --json rows and the summary line, which counts cells as cells ("12 cases × 2 targets = 24 cells").
import { describe, expect, it } from 'vitest'
import { formatPassRate, passRate } from '../../src/evals/pass-rate.js'
import { cellsOf, type ErrorPolicy, type TestResult } from '../../src/evals/results.js'
import { cellFields, cellRow, summaryLine } from '../../src/evals/summary.js'
import { failureLines } from '../../src/evals/junit.js'
import type { PlannedCase } from '../../src/evals/load.js'

/** The runs of one cell: `p` passed, `f` failed, `e` errored; `gate`: minPass or passRate. */
function runs(p: number, f: number, e = 0, gate: { minPass?: number; passRate?: number } = {}, target = 't') {
  const verdicts = [...Array(p).fill('p'), ...Array(f).fill('f'), ...Array(e).fill('e')]
  return verdicts.map(
    (v, repeat) =>
      ({
        case: 'c',
        description: 'c',
        caseIndex: 0,
        tags: [],
        target,
        repeat,
        passRate: gate.passRate ?? 1,
        ...(gate.minPass !== undefined ? { minPass: gate.minPass } : {}),
        vars: {},
        pass: v === 'p',
        score: v === 'p' ? 1 : 0,
        answer: v === 'e' ? null : 'a',
        toolCalls: [],
        finishReason: null,
        usage: null,
        latencyMs: 10,
        error: v === 'e' ? 'network down' : null,
        assertions: v === 'f' ? [{ type: 'contains', pass: false, reason: 'no "x" (expected "x")', score: 0 }] : [],
      }) as unknown as TestResult,
  )
}
const one = (rs: TestResult[], errors: ErrorPolicy = 'fail') => cellsOf(rs, errors)[0]!

describe('pass rate', () => {
  it.each([
    [10, 12, 0.833, 0.552, 0.953],
    [0, 10, 0, 0, 0.278],
    [10, 10, 1, 0.722, 1],
    [1, 1, 1, 0.207, 1],
  ])('%i of %i: %f, 95%% CI %f–%f (Wilson)', (passed, n, rate, low, high) => {
    expect(passRate(passed, n)).toEqual({ passed, runs: n, rate, low, high })
  })
  it('prints as a percentage with its interval', () => {
    expect(formatPassRate(passRate(10, 12))).toBe('83% (95% CI 55–95%)')
  })
  it('a flaky case (3 of 5) fails with minPass 4 and passes with minPass 3; the failure says by how many', () => {
    expect(one(runs(3, 2, 0, { minPass: 4 }))).toMatchObject({ verdict: 'fail', needed: 4, passed: 3, counted: 5 })
    expect(one(runs(3, 2, 0, { minPass: 3 }))).toMatchObject({ verdict: 'pass', needed: 3 })
    expect(one(runs(3, 2, 0, { passRate: 0.6 }))).toMatchObject({ verdict: 'pass', needed: 3 })
    expect(failureLines(one(runs(2, 3, 0, { minPass: 4 })))[0]).toBe('2 of 5 passed, needs 4')
  })
  it('--errors: fail makes the cell an error, zero counts a failed run, skip leaves it out of the rate', () => {
    const flaky = runs(4, 0, 1, { minPass: 4 })
    expect(one(flaky, 'fail')).toMatchObject({ verdict: 'error', errored: 1 })
    expect(one(flaky, 'zero')).toMatchObject({ verdict: 'pass', counted: 5, needed: 4 })
    expect(one(runs(3, 0, 2, { minPass: 4 }), 'zero')).toMatchObject({ verdict: 'fail' })
    // skip: 4 of 5 needed, scaled to the 3 runs answered: 3 (ceil of 2.4)
    expect(one(runs(3, 0, 2, { minPass: 4 }), 'skip')).toMatchObject({ verdict: 'pass', counted: 3, needed: 3 })
    expect(one(runs(0, 0, 2), 'skip')).toMatchObject({ verdict: 'skip', counted: 0 })
  })
  it('the RUNS column: passed of counted, needed, the rate and pass^N for repeated cells; the JSON row always has them', () => {
    const col = cellFields.find((f) => f.header === 'RUNS')!
    expect(col.get(cellRow(one(runs(3, 2, 0, { minPass: 4 }))))).toBe('3/5 needs 4 · 60% (95% CI 23–88%) · pass^5 8%')
    expect(col.get(cellRow(one(runs(1, 0))))).toBe('1/1')
    expect(col.get(cellRow(one(runs(0, 0, 1))))).toBe('0/1 (1 errored)')
    expect(cellRow(one(runs(2, 1)))).toMatchObject({ passed: 2, runs: 3, rate: 0.667, interval: [0.208, 0.939] })
  })
  it('the summary counts cells as cells, runs apart, says what an errored run counts as, and pass^N', () => {
    const cases = Array(10) as PlannedCase[]
    const ten = cellsOf(
      Array.from({ length: 10 }, (_, i) => runs(1, 0, 0, {}, `t${i % 3}`).map((r) => ({ ...r, caseIndex: i }))).flat(),
    )
    expect(summaryLine(cases, ten, 2800, 3)).toBe(
      '10 cases on 3 targets = 10 cells: 10 passed, 0 failed, 0 errored; 10 runs, 0 errored (--errors fail: a run with no answer fails its cell) in 2.8 s',
    )
    const two = cellsOf([...runs(3, 0), ...runs(2, 1).map((r) => ({ ...r, caseIndex: 1 }))])
    expect(summaryLine(cases.slice(0, 2), two, 1000, 1, 'zero')).toBe(
      '2 cases × 1 target = 2 cells: 1 passed, 1 failed, 0 errored; 6 runs, 0 errored (--errors zero: a run with no answer counts as a failed run); 5 of 6 runs passed: 83% (95% CI 44–97%), pass^N 50% in 1.0 s',
    )
  })
})
