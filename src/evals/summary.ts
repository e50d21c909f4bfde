// What `agentry test` tells people besides its files: the one-line summary, the terminal table of the matrix, GitHub
// Actions annotations (one per failed case × target) and the Markdown summary appended to $GITHUB_STEP_SUMMARY.
import { sanitizeText } from '../text/sanitize.js'
import type { Field } from '../io/output.js'
import { failureLines } from './junit.js'
import { formatPassRate, passRate } from './pass-rate.js'
import type { PlannedCase } from './load.js'
import {
  type Cell,
  type Change,
  type Comparison,
  type ErrorPolicy,
  errorPolicyMeaning,
  failing,
  passHatN,
} from './results.js'

/** A row of the matrix as printed (the table, or one JSON object with --json). */
export interface CellRow {
  case: string
  description: string
  target: string
  verdict: 'pass' | 'FAIL' | 'error' | 'skip'
  passed: number
  runs: number
  /** how many runs had to pass, of `counted` (the runs, or those answered with --errors skip) */
  needed: number
  counted: number
  errored: number
  /** the chance that `counted` runs in a row all pass, from its rate (results.ts passHatN) */
  passHatN: number
  /** the share of its runs that passed, and its 95% Wilson interval (pass-rate.ts) */
  rate: number
  interval: [number, number]
  latencyMs: number | null
  tokens: number | null
  why: string
}

/** `3/5 needs 4 · 60% (95% CI 23–88%) · pass^5 8%`; one run: `1/1`; errored runs said apart. */
function runsText(
  r: Pick<CellRow, 'passed' | 'runs' | 'needed' | 'counted' | 'errored' | 'rate' | 'interval' | 'passHatN'>,
): string {
  const errored = r.errored > 0 ? ` (${r.errored} errored)` : ''
  if (r.runs <= 1) return `${r.passed}/${r.runs}${errored}`
  const rate = formatPassRate({
    rate: r.rate,
    low: r.interval[0],
    high: r.interval[1],
    passed: r.passed,
    runs: r.counted,
  })
  return `${r.passed}/${r.counted} needs ${r.needed}${errored} · ${rate} · pass^${r.counted} ${Math.round(r.passHatN * 100)}%`
}

/** The row of a cell. */
export function cellRow(c: Cell): CellRow {
  const r = passRate(c.passed, c.counted)
  return {
    case: c.case,
    description: c.description,
    target: c.target,
    verdict: c.verdict === 'fail' ? 'FAIL' : c.verdict,
    passed: c.passed,
    runs: c.runs,
    needed: c.needed,
    counted: c.counted,
    errored: c.errored,
    passHatN: passHatN(c),
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
  { header: 'RUNS', get: (r) => runsText(r) },
  { header: 'MS', get: (r) => r.latencyMs ?? '—' },
  { header: 'TOKENS', get: (r) => r.tokens ?? '—' },
  { header: 'WHY', get: (r) => r.why },
]

/** `1 case`, `2 cases` */
const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`

/**
 * How many cells passed, failed, errored and were skipped, said as cells: `12 cases × 2 targets = 24 cells: 20
 * passed, 3 failed, 1 errored` (a case on only some targets: `12 cases on 2 targets = 20 cells: …`).
 */
export function cellCounts(cases: number, targets: number, cells: readonly Pick<Cell, 'verdict'>[]): string {
  const count = (v: Cell['verdict']) => cells.filter((c) => c.verdict === v).length
  const skipped = count('skip')
  const parts = [
    `${count('pass')} passed`,
    `${count('fail')} failed`,
    `${count('error')} errored`,
    ...(skipped ? [`${skipped} skipped`] : []),
  ]
  const grid = cases * targets === cells.length ? '×' : 'on'
  return `${n(cases, 'case')} ${grid} ${n(targets, 'target')} = ${n(cells.length, 'cell')}: ${parts.join(', ')}`
}

/**
 * The summary of a run: its cells (cellCounts), its runs with how many errored and what that counts as (--errors,
 * always said), with repeats the share of runs that passed, its interval and pass^N (the share of repeated cells whose
 * every run passed), and the time: `12 cases × 2 targets = 24 cells: 20 passed, 3 failed, 1 errored; 30 runs, 1
 * errored (--errors fail: a run with no answer fails its cell); 27 of 30 runs passed: 90% (95% CI 74–97%), pass^N 83%
 * in 2.8 s`.
 */
export function summaryLine(
  cases: readonly PlannedCase[],
  cells: readonly Cell[],
  ms: number,
  targets: number,
  errors: ErrorPolicy = 'fail',
): string {
  const runs = cells.reduce((k, c) => k + c.runs, 0)
  const errored = cells.reduce((k, c) => k + c.errored, 0)
  const runsPassed = cells.reduce((k, c) => k + c.passed, 0)
  const counted = cells.reduce((k, c) => k + c.counted, 0)
  const repeated = cells.filter((c) => c.runs > 1)
  const everyRun = repeated.filter((c) => c.counted > 0 && c.passed === c.counted).length
  const rate = repeated.length
    ? `; ${runsPassed} of ${n(counted, 'run')} passed: ${formatPassRate(passRate(runsPassed, counted))}, pass^N ${Math.round((everyRun / repeated.length) * 100)}%`
    : ''
  const policy = `--errors ${errors}: ${errorPolicyMeaning[errors]}`
  return `${cellCounts(cases.length, targets, cells)}; ${n(runs, 'run')}, ${errored} errored (${policy})${rate} in ${(ms / 1000).toFixed(1)} s`
}

/** A workflow command's data escaped (GitHub's toolkit: %, CR and LF), after the terminal sanitiser. */
const workflowData = (s: string) => sanitizeText(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const workflowProperty = (s: string) => workflowData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** One `::error::` line for a failed cell, pointing at the case in the test file. */
export function annotation(file: string, line: number, c: Cell): string {
  return `::error file=${workflowProperty(file)},line=${line},title=${workflowProperty(`${c.target}: ${c.description}`)}::${workflowData(failureLines(c).join('\n'))}\n`
}

/**
 * Markdown text of a table cell: one line of at most 300 characters, with what GitHub's Markdown reads as markup made
 * literal: `&` as `&amp;` (so `&amp;` stays as written), `<` `>` as entities (no HTML), and the characters of emphasis,
 * strike-through (`~`), code, links, headings, tables, emoji (`:x:`), math (`$`) and mentions backslash-escaped.
 */
const md = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .slice(0, 300)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]|#~@:$]/g, (ch) => `\\${ch}`)

/** `12.3 s`-free figures: `840 ms`, and a signed difference `+120 ms` / `−40 ms` / `±0 ms`. */
const delta = (before: number, after: number, unit: string) => {
  const d = after - before
  return `${before} → ${after} ${unit} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)}${before > 0 && d !== 0 ? `, ${d > 0 ? '+' : '−'}${Math.round((Math.abs(d) / before) * 100)}%` : ''})`
}

/** `pass rate 100% → 40% (−60 points; earlier 95% CI 57–100%)` */
export function rateChange(r: NonNullable<Change['rate']>): string {
  const points = Math.round((r.after.rate - r.before.rate) * 100)
  return `pass rate ${Math.round(r.before.rate * 100)}% → ${Math.round(r.after.rate * 100)}% (${points > 0 ? '+' : '−'}${Math.abs(points)} points; earlier 95% CI ${Math.round(r.before.low * 100)}–${Math.round(r.before.high * 100)}%)`
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
  const failed = cells.filter(failing)
  const verdictRow = (c: Change) =>
    `| ${md(c.description)} | ${md(c.target)} | ${c.before} | ${c.after === 'failed' ? '**failed**' : 'passed'}${c.rate ? ` (${rateChange(c.rate)})` : ''} |`
  if (comparison) {
    const { regressions, fixes, added, removed } = comparison
    const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`
    out.push(
      `**Since ${md(comparison.file)}: ${n(regressions.length, 'regression')}, ${fixes.length} fixed, ${added.length} new, ${removed.length} removed**`,
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
        const latency =
          t.before.latencyMs !== null && t.after.latencyMs !== null
            ? delta(t.before.latencyMs, t.after.latencyMs, 'ms')
            : '—'
        return `| ${md(t.target)} | ${t.matched} | ${t.before.passed} → ${t.after.passed} | ${latency} | ${tokens} |`
      }),
    )
  }
  const repeated = cells.filter((c) => c.runs > 1)
  if (repeated.length) out.push('#### Pass rates (cases run more than once)', '')
  out.push(
    ...table('| case | target | verdict | runs passed | pass rate | pass^N |', repeated, (c) => {
      const r = cellRow(c)
      const errored = c.errored ? `, ${c.errored} errored` : ''
      return `| ${md(c.description)} | ${md(c.target)} | ${r.verdict} | ${c.passed} of ${c.counted}, needs ${c.needed}${errored} | ${formatPassRate(passRate(c.passed, c.counted))} | ${Math.round(r.passHatN * 100)}% |`
    }),
  )
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
