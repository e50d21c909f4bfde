// What `agentry test` tells people besides its files: the one-line summary, the terminal table of the matrix, GitHub
// Actions annotations (one per failed case × target) and the Markdown summary appended to $GITHUB_STEP_SUMMARY.
import { sanitizeText } from '../text/sanitize.js'
import type { Field } from '../io/output.js'
import { failureLines } from './junit.js'
import { formatPassRate, passRate } from './pass-rate.js'
import type { PlannedCase } from './load.js'
import type { Cell, Change, Comparison } from './results.js'

/** A row of the matrix as printed (the table, or one JSON object with --json). */
export interface CellRow {
  case: string
  description: string
  target: string
  verdict: 'pass' | 'FAIL' | 'error'
  passed: number
  runs: number
  /** the share of its runs that passed, and its 95% Wilson interval (pass-rate.ts) */
  rate: number
  interval: [number, number]
  latencyMs: number
  tokens: number | null
  why: string
}

/** The row of a cell. */
export function cellRow(c: Cell): CellRow {
  const r = passRate(c.passed, c.runs)
  return {
    case: c.case,
    description: c.description,
    target: c.target,
    verdict: c.error !== null ? 'error' : c.pass ? 'pass' : 'FAIL',
    passed: c.passed,
    runs: c.runs,
    rate: r.rate,
    interval: [r.low, r.high],
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
  {
    header: 'RUNS',
    get: (r) =>
      r.runs > 1
        ? `${r.passed}/${r.runs} ${formatPassRate({ ...r, low: r.interval[0], high: r.interval[1] })}`
        : `${r.passed}/${r.runs}`,
  },
  { header: 'MS', get: (r) => r.latencyMs },
  { header: 'TOKENS', get: (r) => r.tokens ?? '' },
  { header: 'WHY', get: (r) => r.why },
]

/**
 * `10 runs of 8 cases on 3 targets: 8 passed, 2 failed in 2.8 s`: the runs made (a case runs on each of its targets,
 * `repeat` times), then the verdicts of case × target. With repeats, the share of runs that passed and its interval:
 * `12 runs of 2 cases on 2 targets: 3 passed, 1 failed; 10 of 12 runs passed: 83% (95% CI 55–95%) in 2.8 s`.
 */
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
  const runs = cells.reduce((k, c) => k + c.runs, 0)
  const runsPassed = cells.reduce((k, c) => k + c.passed, 0)
  const repeated = cells.some((c) => c.runs > 1)
  const rate = repeated ? `; ${runsPassed} of ${runs} runs passed: ${formatPassRate(passRate(runsPassed, runs))}` : ''
  return `${n(runs, 'run')} of ${n(cases.length, 'case')} on ${n(targets, 'target')}: ${parts.join(', ')}${rate} in ${(ms / 1000).toFixed(1)} s`
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

/** `12.3 s`-free figures: `840 ms`, and a signed difference `+120 ms` / `−40 ms` / `±0 ms`. */
const delta = (before: number, after: number, unit: string) => {
  const d = after - before
  return `${before} → ${after} ${unit} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)}${before > 0 && d !== 0 ? `, ${d > 0 ? '+' : '−'}${Math.round((Math.abs(d) / before) * 100)}%` : ''})`
}

/** GitHub refuses a comment over 65,536 characters: the tables of one summary share this many. */
const summaryRoom = 60_000

/** Rows of tables, at most `max` each and `summaryRoom` characters in all, with a line saying how many more there are. */
function tables() {
  let room = summaryRoom
  return <T>(head: string, list: readonly T[], row: (x: T) => string, max = 100): string[] => {
    if (list.length === 0) return []
    const cols = head.split('|').length - 2
    const out = [head, `|${'---|'.repeat(cols)}`]
    let shown = 0
    for (const x of list) {
      const text = row(x)
      if (shown === max || text.length > room) break
      room -= text.length + 1
      out.push(text)
      shown++
    }
    if (list.length > shown) out.push('', `… and ${list.length - shown} more`)
    return [...out, '']
  }
}

/**
 * The Markdown summary of a run: a pull-request comment (--summary-md) and what GitHub shows on the job's page
 * ($GITHUB_STEP_SUMMARY). With --compare: regressions first, then fixes, new and removed cells, and each target's pass
 * rate, latency and tokens before and now; then the failing cells.
 */
export function markdownSummary(
  title: string,
  line: string,
  cells: readonly Cell[],
  comparison: Comparison | undefined,
): string {
  const out = [`### ${md(title)}`, '', line, '']
  const table = tables()
  const failed = cells.filter((c) => !c.pass)
  const verdictRow = (c: Change) =>
    `| ${md(c.description)} | ${md(c.target)} | ${c.before} | ${c.after === 'failed' ? '**failed**' : 'passed'} |`
  if (comparison) {
    const { regressions, fixes, added, removed } = comparison
    const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`
    out.push(
      `**Since \`${md(comparison.file)}\`: ${n(regressions.length, 'regression')}, ${fixes.length} fixed, ${added.length} new, ${removed.length} removed**`,
      '',
    )
    if (regressions.length) out.push('#### Regressions (passed before, fail now)', '')
    out.push(...table('| case | target | before | now |', regressions, verdictRow))
    if (fixes.length) out.push('#### Fixed', '')
    out.push(...table('| case | target | before | now |', fixes, verdictRow))
    if (added.length) out.push('#### New', '')
    out.push(
      ...table(
        '| case | target | verdict |',
        added,
        (c) => `| ${md(c.description)} | ${md(c.target)} | ${cellRow(c).verdict} |`,
      ),
    )
    if (removed.length) out.push('#### Removed', '')
    out.push(
      ...table(
        '| case | target | was |',
        removed,
        (e) => `| ${md(e.description)} | ${md(e.target)} | ${e.pass ? 'passed' : 'failed'} |`,
      ),
    )
    if (comparison.targets.length) out.push('#### Latency and tokens (mean per case, cases in both runs)', '')
    out.push(
      ...table('| target | cases | passed | latency | tokens |', comparison.targets, (t) => {
        const tokens =
          t.before.tokens !== null && t.after.tokens !== null ? delta(t.before.tokens, t.after.tokens, 'tokens') : '—'
        return `| ${md(t.target)} | ${t.matched} | ${t.before.passed} → ${t.after.passed} | ${delta(t.before.latencyMs, t.after.latencyMs, 'ms')} | ${tokens} |`
      }),
    )
  }
  if (failed.length) out.push(...(comparison ? [`#### Failing now (${failed.length})`, ''] : []))
  out.push(
    ...table(
      '| case | target | why |',
      failed,
      (c) => `| ${md(c.description)} | ${md(c.target)} | ${md(failureLines(c).join('; '))} |`,
    ),
  )
  return `${out.join('\n')}\n`
}
