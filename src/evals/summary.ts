// What `agentry test` tells people besides its files: the one-line summary, the terminal table of the matrix, GitHub
// Actions annotations (one per failed case × target) and the Markdown summary appended to $GITHUB_STEP_SUMMARY.
import { sanitizeText } from '../io/sanitize.js'
import type { Field } from '../io/output.js'
import { failureLines } from './junit.js'
import type { PlannedCase } from './load.js'
import type { Cell, Change } from './results.js'

/** A row of the matrix as printed (the table, or one JSON object with --json). */
export interface CellRow {
  case: string
  description: string
  target: string
  verdict: 'pass' | 'FAIL' | 'error'
  passed: number
  runs: number
  latencyMs: number
  tokens: number | null
  why: string
}

/** The row of a cell. */
export function cellRow(c: Cell): CellRow {
  return {
    case: c.case,
    description: c.description,
    target: c.target,
    verdict: c.error !== null ? 'error' : c.pass ? 'pass' : 'FAIL',
    passed: c.passed,
    runs: c.runs,
    latencyMs: c.latencyMs,
    tokens: c.tokens,
    why: c.pass ? '' : (failureLines(c)[0] ?? ''),
  }
}

/** The columns of the terminal table (one row per case × target). */
export const cellFields: Field<CellRow>[] = [
  { header: 'CASE', get: (r) => r.description },
  { header: 'TARGET', get: (r) => r.target },
  { header: 'VERDICT', get: (r) => r.verdict },
  { header: 'RUNS', get: (r) => `${r.passed}/${r.runs}` },
  { header: 'MS', get: (r) => r.latencyMs },
  { header: 'TOKENS', get: (r) => r.tokens ?? '' },
  { header: 'WHY', get: (r) => r.why },
]

/** `12 cases × 2 targets: 20 passed, 3 failed, 1 error in 3.4 s` */
export function summaryLine(
  cases: readonly PlannedCase[],
  cells: readonly Cell[],
  ms: number,
  targets: number,
): string {
  const passed = cells.filter((c) => c.pass).length
  const errors = cells.filter((c) => c.error !== null).length
  const failed = cells.length - passed - errors
  const parts = [
    `${passed} passed`,
    ...(failed ? [`${failed} failed`] : []),
    ...(errors ? [`${errors} error${errors === 1 ? '' : 's'}`] : []),
  ]
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`
  return `${n(cases.length, 'case')} × ${n(targets, 'target')}: ${parts.join(', ')} in ${(ms / 1000).toFixed(1)} s`
}

/** A workflow command's data escaped (GitHub's toolkit: %, CR and LF), after the terminal sanitiser. */
const workflowData = (s: string) => sanitizeText(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const workflowProperty = (s: string) => workflowData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** One `::error::` line for a failed cell, pointing at the case in the test file. */
export function annotation(file: string, line: number, c: Cell): string {
  return `::error file=${workflowProperty(file)},line=${line},title=${workflowProperty(`${c.target}: ${c.description}`)}::${workflowData(failureLines(c).join('\n'))}\n`
}

/** Markdown text of a table cell: one line, pipes and markup characters escaped. */
const md = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_{}[\]<>|#]/g, (ch) => `\\${ch}`)
    .slice(0, 300)

/** The Markdown summary of a run (GitHub renders it on the job's page). */
export function markdownSummary(
  title: string,
  line: string,
  cells: readonly Cell[],
  changed: readonly Change[] | undefined,
): string {
  const out = [`### ${md(title)}`, '', line, '']
  const failed = cells.filter((c) => !c.pass)
  if (changed?.length) {
    out.push('| case | target | before | now |', '|---|---|---|---|')
    for (const c of changed)
      out.push(`| ${md(c.case)} | ${md(c.target)} | ${c.before} | ${c.after === 'failed' ? '**failed**' : 'passed'} |`)
    out.push('')
  }
  if (failed.length) {
    out.push('| case | target | why |', '|---|---|---|')
    for (const c of failed.slice(0, 100))
      out.push(`| ${md(c.description)} | ${md(c.target)} | ${md(failureLines(c).join('; '))} |`)
    if (failed.length > 100) out.push('', `… and ${failed.length - 100} more`)
    out.push('')
  }
  return `${out.join('\n')}\n`
}
