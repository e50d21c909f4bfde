// What the HTML report shows, as plain data, written small: every text (descriptions, messages, answers, reasons,
// errors, what assertions expect) once in a dictionary `strings` and referred to by its index (-1: none), so an input
// shared by the targets and repeats of a case, a reason shared by thousands of runs, or the same answer from two
// targets costs its bytes once; rows are objects with one-letter members and cells and runs are arrays (a 10,000-case
// report of two targets is under 5 MB: bench/agent-tests.mjs). The page's script (src/evals/report-page.ts) reads the
// arrays by the same positions (the `*At` constants below are written into it). The parts readable without
// JavaScript are written from the same data (report-html.ts).
import type { Message } from '../api/schemas/index.js'
import type { Assertion } from './schema.js'
import type { PlannedCase } from './load.js'
import { type Cell, type Change, type Comparison, cellKey, mean, passHatN } from './results.js'
import { rateChange } from './summary.js'

/** Positions in a cell's array. */
export const cellAt = {
  verdict: 0,
  passed: 1,
  counted: 2,
  needed: 3,
  errored: 4,
  runs: 5,
  latencyMs: 6,
  tokens: 7,
  passHatN: 8,
  change: 9,
  earlier: 10,
  results: 11,
} as const
/** Positions in a run's array. */
export const runAt = {
  repeat: 0,
  pass: 1,
  score: 2,
  answer: 3,
  toolCalls: 4,
  finishReason: 5,
  latencyMs: 6,
  tokens: 7,
  error: 8,
  assertions: 9,
  turns: 10,
} as const
/** The codes of a cell's verdict and of its change since --compare. */
export const verdictCodes = ['pass', 'fail', 'error', 'skip'] as const
export const changeCodes = ['', 'regressed', 'fixed', 'new'] as const

/** A case: its inputs, what it expects, and its cells by target index (0: the case does not run on that target). */
interface RowData {
  /** description; its --compare key when not the description */
  d: number
  k: number
  /** tags */
  t: number[]
  /** messages sent: [role, content] */
  m: Array<[number, number]>
  /** what a scenario gets, when it is not one of the messages */
  i: number
  /** the variables (JSON text), -1 when none */
  v: number
  /** the dataset row: [line, its variables as JSON text] */
  w: [number, number] | 0
  /** each assertion: [type, what it expects, 1 when compared with the answer] */
  e: Array<[number, number, 0 | 1]>
  c: Array<unknown[] | 0>
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

/** A changed cell as the page lists it: its names and the row it is in. */
type Listed = { case: string; description: string; target: string; row: number; pass?: boolean; how?: string }

/** The comparison as the page shows it. */
export type PageComparison = Omit<Comparison, 'added' | 'regressions' | 'fixes'> & {
  regressions: Listed[]
  fixes: Listed[]
  added: Listed[]
}

/** The page's data. */
export interface ReportData {
  targets: string[]
  tags: string[]
  strings: string[]
  rows: RowData[]
  stats: TargetStats[]
  comparison: PageComparison | null
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

/** The dictionary of texts: each one once, by index. */
function dictionary() {
  const strings: string[] = []
  const index = new Map<string, number>()
  const of = (s: string | null | undefined): number => {
    if (s === null || s === undefined) return -1
    let i = index.get(s)
    if (i === undefined) {
      i = strings.push(s) - 1
      index.set(s, i)
    }
    return i
  }
  const json = (v: unknown): number => (v === undefined || v === null ? -1 : of(JSON.stringify(v)))
  return { strings, of, json }
}

/** The page's data from a run's cells, the cases that ran (their inputs) and the comparison with an earlier run. */
export function reportData(
  targets: readonly string[],
  cells: readonly Cell[],
  cases: readonly PlannedCase[] | undefined,
  comparison: Comparison | undefined,
): ReportData {
  const { strings, of, json } = dictionary()
  const planned = new Map((cases ?? []).map((c) => [c.index, c]))
  const changes = new Map<string, { code: number; earlier: string | null }>()
  for (const c of comparison?.regressions ?? []) changes.set(cellKey(c), { code: 1, earlier: c.earlierAnswer })
  for (const c of comparison?.fixes ?? []) changes.set(cellKey(c), { code: 2, earlier: c.earlierAnswer })
  for (const c of comparison?.added ?? []) changes.set(cellKey(c), { code: 3, earlier: null })
  const targetIndex = new Map(targets.map((t, i) => [t, i]))
  const rows = new Map<number, RowData>()
  /** the row of each case key, for the comparison's links */
  const rowOfKey = new Map<string, number>()
  const tags = new Set<string>()
  const assertionOf = (a: Cell['results'][number]['assertions'][number]) => [
    of(a.type),
    a.pass ? 1 : 0,
    of(a.reason),
    json(a.judge),
  ]
  for (const c of cells) {
    let row = rows.get(c.caseIndex)
    if (!row) {
      const p = planned.get(c.caseIndex)
      const first = c.results[0] ?? c.shown
      for (const t of first.tags ?? []) tags.add(t)
      const messages = (p?.messages ?? []).map((m) => [m.role, contentText(m.content)] as const)
      const input = p?.input ?? ''
      const vars = p?.vars ?? first.vars ?? {}
      row = {
        d: of(c.description),
        k: c.case === c.description ? -1 : of(c.case),
        t: (first.tags ?? []).map(of),
        m: messages.map(([role, text]) => [of(role), of(text)]),
        i: input === '' || messages.some(([, text]) => text === input) ? -1 : of(input),
        v: Object.keys(vars).length ? json(vars) : -1,
        w: p?.row ? [p.row.line, json(p.row.vars)] : 0,
        e: (p?.assert ?? []).map((a) => [of(a.type), of(expectedOf(a)), 'value' in a || 'values' in a ? 1 : 0]),
        c: targets.map(() => 0),
      }
      rows.set(c.caseIndex, row)
      rowOfKey.set(c.case, rows.size - 1)
    }
    const change = changes.get(cellKey(c))
    row.c[targetIndex.get(c.target) ?? 0] = [
      verdictCodes.indexOf(c.verdict),
      c.passed,
      c.counted,
      c.needed,
      c.errored,
      c.runs,
      c.latencyMs,
      c.tokens,
      passHatN(c),
      change?.code ?? 0,
      change && change.code !== 3 ? of(change.earlier) : -1,
      c.results.map((r) => [
        r.repeat,
        r.pass ? 1 : 0,
        r.score,
        of(r.answer),
        r.toolCalls.length ? json(r.toolCalls) : -1,
        of(r.finishReason),
        r.latencyMs,
        r.usage?.total_tokens ?? null,
        of(r.error),
        r.assertions.map(assertionOf),
        r.turns ? json(r.turns) : -1,
      ]),
    ]
  }
  const byTarget = new Map<string, Cell[]>()
  for (const c of cells) (byTarget.get(c.target) ?? byTarget.set(c.target, []).get(c.target)!).push(c)
  const listed = (c: {
    case: string
    description: string
    target: string
    pass?: boolean
    before?: string
    after?: string
    rate?: Change['rate']
  }): Listed => ({
    case: c.case,
    description: c.description,
    target: c.target,
    row: rowOfKey.get(c.case) ?? -1,
    ...(c.pass !== undefined ? { pass: c.pass } : {}),
    ...(c.before !== undefined ? { how: c.rate ? rateChange(c.rate) : `${c.before} → ${c.after}` } : {}),
  })
  return {
    targets: [...targets],
    tags: [...tags].sort(),
    strings,
    rows: [...rows.values()],
    stats: targets.map((t) => statsOf(t, byTarget.get(t) ?? [])),
    comparison: comparison
      ? {
          ...comparison,
          regressions: comparison.regressions.map(listed),
          fixes: comparison.fixes.map(listed),
          added: comparison.added.map(listed),
        }
      : null,
  }
}
