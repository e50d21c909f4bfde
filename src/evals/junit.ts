// JUnit XML of `agentry test` (the schema Jenkins, GitHub and GitLab read): one <testsuite> per target, one
// <testcase> per case × target; a failed case is a <failure> listing its failing assertions, a case with no answer
// (network, auth, 5xx, under --errors fail) an <error>, a case none of whose runs answered (--errors skip) <skipped>.
// A repeated case carries its pass rate as <properties> of its testcase (the form pytest and GitLab write and
// Jenkins, GitLab and GitHub's reporters read). A suite's time is its wall time (its runs overlap: their sum is not).
// `skipped` is counted on each <testsuite> only (Jenkins' schema has none on <testsuites>). Text goes through the
// batch report's XML escaping.
import { xmlEscape } from '../batch/junit.js'
import { passRate } from './pass-rate.js'
import { type Cell, passHatN } from './results.js'

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** Why a cell failed, one assertion a line (the first failing run's). */
export function failureLines(c: Cell): string[] {
  if (c.verdict === 'error') return [c.error ?? 'no answer']
  if (c.verdict === 'skip') return [`no run answered (--errors skip): ${c.error ?? 'no answer'}`]
  const errored = c.errored > 0 ? ` (${c.errored} errored)` : ''
  const runs = c.runs > 1 ? [`${c.passed} of ${c.counted} passed, needs ${c.needed}${errored}`] : []
  const failing = [
    // a conversation's turns first, in order
    ...(c.shown.turns ?? []).flatMap((t, i) =>
      t.assertions.filter((a) => !a.pass).map((a) => `turn ${i + 1}: ${a.type}: ${a.reason}`),
    ),
    ...c.shown.assertions.filter((a) => !a.pass).map((a) => `${a.type}: ${a.reason}`),
  ]
  if (c.shown.error !== null) failing.push(c.shown.error)
  else if (failing.length === 0 && !c.shown.pass) failing.push(`score ${c.shown.score} is under the case's threshold`)
  return [...runs, ...failing]
}

/** A repeated cell's pass rate as testcase properties. */
function properties(c: Cell): string {
  if (c.runs <= 1) return ''
  const r = passRate(c.passed, c.counted)
  const props: Array<[string, string | number]> = [
    ['runs', c.runs],
    ['passed', c.passed],
    ['needed', c.needed],
    ['errored', c.errored],
    ['pass_rate', r.rate],
    ['pass_rate_ci95_low', r.low],
    ['pass_rate_ci95_high', r.high],
    [`pass^${c.counted}`, passHatN(c)],
  ]
  return `\n      <properties>${props.map(([k, v]) => `\n        <property name="${xmlEscape(k)}" value="${v}"/>`).join('')}\n      </properties>`
}

/**
 * The JUnit document of a run's cells. `suiteMs`: each target's wall time (from its first run's start to its last
 * one's end); a target not in it (a --rescore) takes its slowest cell.
 */
export function testJunit(
  name: string,
  cells: readonly Cell[],
  startedAt: number,
  durationMs: number,
  suiteMs: ReadonlyMap<string, number> = new Map(),
): string {
  const byTarget = new Map<string, Cell[]>()
  for (const c of cells) (byTarget.get(c.target) ?? byTarget.set(c.target, []).get(c.target)!).push(c)
  const suites: string[] = []
  let failures = 0
  let errors = 0
  for (const [target, list] of byTarget) {
    const f = list.filter((c) => c.verdict === 'fail').length
    const e = list.filter((c) => c.verdict === 'error').length
    const s = list.filter((c) => c.verdict === 'skip').length
    failures += f
    errors += e
    const cases = list.map((c) => {
      const open = `    <testcase classname="${xmlEscape(target)}" name="${xmlEscape(c.description)}" time="${seconds(c.latencyMs ?? 0)}"`
      const props = properties(c)
      if (c.pass) return props ? `${open}>${props}\n    </testcase>` : `${open}/>`
      const lines = failureLines(c)
      if (c.verdict === 'skip')
        return `${open}>${props}\n      <skipped message="${xmlEscape(lines[0]!)}"/>\n    </testcase>`
      const tag = c.verdict === 'error' ? 'error' : 'failure'
      const answer = c.shown.answer !== null ? `\n\nanswer:\n${c.shown.answer}` : ''
      return `${open}>${props}\n      <${tag} message="${xmlEscape(lines[0] ?? 'failed')}" type="${tag === 'error' ? 'error' : 'assertion'}">${xmlEscape(lines.join('\n') + answer)}</${tag}>\n    </testcase>`
    })
    const wall = suiteMs.get(target) ?? Math.max(0, ...list.map((c) => c.latencyMs ?? 0))
    suites.push(
      `  <testsuite name="${xmlEscape(target)}" tests="${list.length}" failures="${f}" errors="${e}" skipped="${s}" time="${seconds(wall)}" timestamp="${new Date(startedAt).toISOString()}">`,
      ...cases,
      '  </testsuite>',
    )
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(name)}" tests="${cells.length}" failures="${failures}" errors="${errors}" time="${seconds(durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}
