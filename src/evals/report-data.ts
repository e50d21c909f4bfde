// What the HTML report shows, as plain data: one row per case (its inputs, what its assertions expect, and per target
// every run with its answer), each target's pass rate, latency and tokens, and the --compare differences. The page
// renders it (src/evals/report-page.ts); the parts readable without JavaScript are written from it too.
import type { Message } from '../api/schemas/index.js'
import type { Assertion } from './schema.js'
import type { PlannedCase } from './load.js'
import { type Cell, type Comparison, cellKey, mean, passHatN, type TestResult, type Verdict } from './results.js'
import type { Vars } from './vars.js'

/** A run as the page shows it. */
type RunData = Pick<
  TestResult,
  'repeat' | 'pass' | 'score' | 'answer' | 'toolCalls' | 'finishReason' | 'latencyMs' | 'error' | 'assertions' | 'turns'
> & { tokens: number | null }

/** A case × target as the page shows it. */
interface CellData {
  pass: boolean
  verdict: Verdict
  error: string | null
  runs: number
  passed: number
  /** runs its verdict is over, how many of them had to pass, how many had no answer */
  counted: number
  needed: number
  errored: number
  passRate: number
  /** the chance that `counted` runs in a row all pass (results.ts passHatN) */
  passHatN: number
  latencyMs: number | null
  tokens: number | null
  /** since --compare */
  change?: 'regressed' | 'fixed' | 'new'
  /** every run, in repeat order */
  results: RunData[]
}

/** A case: its inputs, what it expects, and its cells by target. */
interface RowData {
  description: string
  /** the case's --compare key, when it is not its description */
  key: string
  tags: string[]
  /** the messages sent to an agent, as text */
  messages: Array<{ role: string; content: string }>
  /** what a scenario gets, when it is not one of the messages */
  input: string
  vars: Vars
  /** the dataset row the case was made from */
  row: { line: number; vars: Vars } | null
  /** each assertion of the case: its type and what it expects, in the order of the runs' assertions; `compare`: a
   * value the answer is compared with (shown against the answer when it fails) */
  expected: Array<{ type: string; expected: string; compare: boolean }>
  cells: Record<string, CellData>
}

/** A target's figures over its cells. */
export interface TargetStats {
  target: string
  cells: number
  passed: number
  errors: number
  /** over every run with an answer (null: none had one) */
  latencyMs: { mean: number; p50: number; p95: number } | null
  /** total tokens of every run that reported usage, and their mean per run */
  tokens: { total: number; mean: number } | null
}

/** The page's data. */
export interface ReportData {
  targets: string[]
  tags: string[]
  rows: RowData[]
  stats: TargetStats[]
  comparison: PageComparison | null
}

/** The comparison as the page shows it (a new cell by its names: its runs are in its row). */
export type PageComparison = Omit<Comparison, 'added'> & {
  added: Array<{ case: string; description: string; target: string; pass: boolean }>
}

/** Message content as text (images as `[image]`). */
function contentText(content: Message['content']): string {
  if (content === null) return ''
  if (typeof content === 'string') return content
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '[image]')).join('\n')
}

/** What an assertion expects, in a line (its members but its type and weight). */
function expectedOf(a: Assertion): string {
  const { type: _type, weight: _weight, ...rest } = a as Assertion & { weight?: number }
  if ('value' in rest && Object.keys(rest).length === 1) {
    const v = (rest as { value: unknown }).value
    return typeof v === 'string' ? v : JSON.stringify(v)
  }
  const text = JSON.stringify(rest)
  if (text === '{}') return ''
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0

function statsOf(target: string, cells: readonly Cell[]): TargetStats {
  const runs = cells.flatMap((c) => c.results)
  const answered = runs.filter((r) => r.error === null).map((r) => r.latencyMs)
  const sorted = [...answered].sort((a, b) => a - b)
  const tokens = runs.map((r) => r.usage?.total_tokens).filter((n): n is number => typeof n === 'number')
  const total = tokens.reduce((s, n) => s + n, 0)
  return {
    target,
    cells: cells.length,
    passed: cells.filter((c) => c.pass).length,
    errors: cells.filter((c) => c.errored > 0).length,
    latencyMs: answered.length
      ? { mean: mean(answered), p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
      : null,
    tokens: tokens.length ? { total, mean: mean(tokens) } : null,
  }
}

/** The page's data from a run's cells, the cases that ran (their inputs) and the comparison with an earlier run. */
export function reportData(
  targets: readonly string[],
  cells: readonly Cell[],
  cases: readonly PlannedCase[] | undefined,
  comparison: Comparison | undefined,
): ReportData {
  const planned = new Map((cases ?? []).map((c) => [c.index, c]))
  const changes = new Map<string, CellData['change']>()
  for (const c of comparison?.regressions ?? []) changes.set(cellKey(c), 'regressed')
  for (const c of comparison?.fixes ?? []) changes.set(cellKey(c), 'fixed')
  for (const c of comparison?.added ?? []) changes.set(cellKey(c), 'new')
  const rows = new Map<number, RowData>()
  const tags = new Set<string>()
  for (const c of cells) {
    let row = rows.get(c.caseIndex)
    if (!row) {
      const p = planned.get(c.caseIndex)
      const first = c.results[0] ?? c.shown
      for (const t of first.tags ?? []) tags.add(t)
      const messages = (p?.messages ?? []).map((m) => ({ role: m.role, content: contentText(m.content) }))
      const input = p?.input ?? ''
      row = {
        description: c.description,
        key: c.case === c.description ? '' : c.case,
        tags: first.tags ?? [],
        messages,
        input: messages.some((m) => m.content === input) ? '' : input,
        vars: p?.vars ?? first.vars ?? {},
        row: p?.row ?? null,
        expected: (p?.assert ?? []).map((a) => ({
          type: a.type,
          expected: expectedOf(a),
          compare: 'value' in a || 'values' in a,
        })),
        cells: {},
      }
      rows.set(c.caseIndex, row)
    }
    const change = changes.get(cellKey(c))
    row.cells[c.target] = {
      pass: c.pass,
      verdict: c.verdict,
      error: c.error,
      runs: c.runs,
      passed: c.passed,
      counted: c.counted,
      needed: c.needed,
      errored: c.errored,
      passRate: c.passRate,
      passHatN: passHatN(c),
      latencyMs: c.latencyMs,
      tokens: c.tokens,
      ...(change ? { change } : {}),
      results: c.results.map((r) => ({
        repeat: r.repeat,
        pass: r.pass,
        score: r.score,
        answer: r.answer,
        toolCalls: r.toolCalls,
        finishReason: r.finishReason,
        latencyMs: r.latencyMs,
        tokens: r.usage?.total_tokens ?? null,
        error: r.error,
        assertions: r.assertions,
        ...(r.turns ? { turns: r.turns } : {}),
      })),
    }
  }
  const byTarget = new Map<string, Cell[]>()
  for (const c of cells) (byTarget.get(c.target) ?? byTarget.set(c.target, []).get(c.target)!).push(c)
  return {
    targets: [...targets],
    tags: [...tags].sort(),
    rows: [...rows.values()],
    stats: targets.map((t) => statsOf(t, byTarget.get(t) ?? [])),
    comparison: comparison
      ? {
          ...comparison,
          added: comparison.added.map((c) => ({
            case: c.case,
            description: c.description,
            target: c.target,
            pass: c.pass,
          })),
        }
      : null,
  }
}
