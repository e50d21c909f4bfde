// JUnit XML of `agentry test` (the schema Jenkins, GitHub and GitLab read): one <testsuite> per target, one
// <testcase> per case × target; a failed case is a <failure> listing its failing assertions, a case with no answer
// (network, auth, 5xx) an <error>. Text goes through the batch report's XML escaping.
import { xmlEscape } from '../batch/junit.js'
import type { Cell } from './results.js'

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** Why a cell failed, one assertion a line (the first failing run's). */
export function failureLines(c: Cell): string[] {
  if (c.error !== null) return [c.error]
  const runs = c.runs > 1 ? [`${c.passed} of ${c.runs} runs passed; ${Math.ceil(c.passRate * c.runs)} needed`] : []
  const failing = [
    // a conversation's turns first, in order
    ...(c.shown.turns ?? []).flatMap((t, i) =>
      t.assertions.filter((a) => !a.pass).map((a) => `turn ${i + 1}: ${a.type}: ${a.reason}`),
    ),
    ...c.shown.assertions.filter((a) => !a.pass).map((a) => `${a.type}: ${a.reason}`),
  ]
  if (failing.length === 0 && !c.shown.pass) failing.push(`score ${c.shown.score} is under the case's threshold`)
  return [...runs, ...failing]
}

/** The JUnit document of a run's cells. */
export function testJunit(name: string, cells: readonly Cell[], startedAt: number, durationMs: number): string {
  const byTarget = new Map<string, Cell[]>()
  for (const c of cells) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c])
  const suites: string[] = []
  let failures = 0
  let errors = 0
  for (const [target, list] of byTarget) {
    const f = list.filter((c) => !c.pass && c.error === null).length
    const e = list.filter((c) => c.error !== null).length
    failures += f
    errors += e
    const cases = list.map((c) => {
      const open = `    <testcase classname="${xmlEscape(target)}" name="${xmlEscape(c.description)}" time="${seconds(c.latencyMs)}"`
      if (c.pass) return `${open}/>`
      const lines = failureLines(c)
      const tag = c.error !== null ? 'error' : 'failure'
      const answer = c.shown.answer !== null ? `\n\nanswer:\n${c.shown.answer}` : ''
      return `${open}>\n      <${tag} message="${xmlEscape(lines[0] ?? 'failed')}" type="${c.error !== null ? 'error' : 'assertion'}">${xmlEscape(lines.join('\n') + answer)}</${tag}>\n    </testcase>`
    })
    suites.push(
      `  <testsuite name="${xmlEscape(target)}" tests="${list.length}" failures="${f}" errors="${e}" skipped="0" time="${seconds(list.reduce((s, c) => s + c.latencyMs, 0))}" timestamp="${new Date(startedAt).toISOString()}">`,
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
