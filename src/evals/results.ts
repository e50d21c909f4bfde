// The results of `agentry test`: one line per case × target × repeat (the NDJSON of --results, the data of the
// report), the cells of the matrix they add up to (case × target: its runs passed at the case's pass rate), and the
// comparison with an earlier results file (--compare: regressions, fixes, new and removed cells, latency and tokens).
import { open } from 'node:fs/promises'
import type { Usage } from '../api/schemas/index.js'
import { UsageError } from '../errors.js'
import { numberedLines } from '../io/lines.js'
import type { AnsweredToolCall } from './ask.js'
import type { AssertionResult } from './assertions.js'
import type { TurnResult } from './conversation.js'
import type { Vars } from './vars.js'

/** One run of a case against a target (a line of --results). */
export interface TestResult {
  /** the case's key (its id or description, with its dataset row): what --compare matches on */
  case: string
  description: string
  caseIndex: number
  tags: string[]
  target: string
  repeat: number
  /** the share of the case's runs that must pass */
  passRate: number
  vars: Vars
  pass: boolean
  score: number
  answer: string | null
  toolCalls: AnsweredToolCall[]
  finishReason: string | null
  usage: Usage | null
  latencyMs: number
  runId?: string
  /** how many 429 answers were waited out before this answer (absent when none) */
  rateLimited?: number
  /** the answer came from the cache (--cache): asked in an earlier run, for this request and repeat */
  cached?: true
  /** why no answer was had (network, auth, 5xx…), else null */
  error: string | null
  assertions: AssertionResult[]
  /**
   * a conversation case's turns in order, each asserted on its own (absent for a one-message case); `answer` is the
   * last one's and `assertions` check the whole conversation
   */
  turns?: TurnResult[]
}

/** A cell of the matrix: one case against one target, its repeats together. */
export interface Cell {
  caseIndex: number
  case: string
  description: string
  target: string
  runs: number
  passed: number
  /** the share of runs that must pass */
  passRate: number
  pass: boolean
  /** the first error of its runs, if any */
  error: string | null
  /** the mean latency of its runs */
  latencyMs: number
  /** the mean total tokens, when reported */
  tokens: number | null
  /** its first failing run (the one reports show), else its first run */
  shown: TestResult
  /** every run, in repeat order (the report shows each) */
  results: TestResult[]
}

/** The cells of `results`, in case then target order. */
export function cellsOf(results: readonly TestResult[]): Cell[] {
  const byCell = new Map<string, TestResult[]>()
  for (const r of results) {
    const k = `${r.caseIndex}\n${r.target}`
    const list = byCell.get(k)
    if (list) list.push(r)
    else byCell.set(k, [r])
  }
  const cells: Cell[] = []
  for (const runs of byCell.values()) {
    runs.sort((a, b) => a.repeat - b.repeat)
    const first = runs[0]!
    const passed = runs.filter((r) => r.pass).length
    const passRate = typeof first.passRate === 'number' ? first.passRate : 1
    const error = runs.find((r) => r.error !== null)?.error ?? null
    const tokens = runs.map((r) => r.usage?.total_tokens).filter((n): n is number => typeof n === 'number')
    cells.push({
      caseIndex: first.caseIndex,
      case: first.case,
      description: first.description,
      target: first.target,
      runs: runs.length,
      passed,
      passRate,
      pass: error === null && passed / runs.length >= passRate - 1e-9,
      error,
      latencyMs: mean(runs.map((r) => r.latencyMs)),
      tokens: tokens.length ? mean(tokens) : null,
      shown: runs.find((r) => !r.pass) ?? first,
      results: runs,
    })
  }
  return cells.sort((a, b) => a.caseIndex - b.caseIndex || a.target.localeCompare(b.target))
}

/** A cell of an earlier run, as --compare reads it from its --results file. */
export interface EarlierCell {
  case: string
  description: string
  target: string
  pass: boolean
  latencyMs: number
  tokens: number | null
}

/** A cell whose verdict differs from an earlier run's. */
export interface Change {
  case: string
  description: string
  target: string
  before: 'passed' | 'failed'
  after: 'passed' | 'failed'
}

/** A target's figures on both sides of a comparison (the cells both runs have), and now over all its cells. */
interface TargetDelta {
  target: string
  /** cells both runs have */
  matched: number
  before: { passed: number; latencyMs: number; tokens: number | null }
  after: { passed: number; latencyMs: number; tokens: number | null }
}

/** What changed since an earlier run (--compare). */
export interface Comparison {
  /** the earlier --results file */
  file: string
  /** passed before, fail now (the cells --fail-on regressions fails on) */
  regressions: Change[]
  /** failed before, pass now */
  fixes: Change[]
  /** cells this run has and the earlier one had not */
  added: Cell[]
  /** cells the earlier run had that the test file no longer has (cells left out by --filter or --shard are not) */
  removed: EarlierCell[]
  /** per target, over the cells both runs have */
  targets: TargetDelta[]
}

/** The key a cell is matched on across runs. */
export const cellKey = (c: { case: string; target: string }) => `${c.case}\n${c.target}`

/**
 * The JSON value of each line of an earlier --results file, blank lines skipped; `flag` (--compare, --rescore) and the
 * path start each usage error. The one reader of the file: each caller checks the fields it needs.
 */
export async function* resultFileLines(path: string, flag: string): AsyncGenerator<{ line: number; value: unknown }> {
  const where = `${flag} ${path}`
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, 'r')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`${where}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
  try {
    for await (const { line, text } of numberedLines(fh.createReadStream(), where)) {
      if (text.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw new UsageError(`${where} line ${line}: not JSON`, 'give the --results file of an earlier run')
      }
      yield { line, value }
    }
  } finally {
    await fh.close().catch(() => {})
  }
}

/** The cells of an earlier --results file, by cellKey (a case's runs together: all must have passed its rate). */
export async function readEarlier(path: string): Promise<Map<string, EarlierCell>> {
  const lines: TestResult[] = []
  for await (const { line, value } of resultFileLines(path, '--compare')) {
    const r = value as Partial<TestResult> | null
    if (typeof r?.case !== 'string' || typeof r.target !== 'string' || typeof r.pass !== 'boolean')
      throw new UsageError(
        `--compare ${path} line ${line}: not a result line of agentry test (no case, target or pass)`,
      )
    lines.push({
      ...r,
      description: typeof r.description === 'string' ? r.description : r.case,
      caseIndex: 0,
      repeat: Number(r.repeat) || 0,
      latencyMs: Number(r.latencyMs) || 0,
      usage: r.usage ?? null,
      error: r.error ?? null,
    } as TestResult)
  }
  // cells are keyed by case index; an earlier file's indexes may differ, so its cells are built by key
  const keys = new Map<string, number>()
  for (const l of lines) l.caseIndex = keys.get(l.case) ?? keys.set(l.case, keys.size).get(l.case)!
  return new Map(
    cellsOf(lines).map((c) => [
      cellKey(c),
      {
        case: c.case,
        description: c.description,
        target: c.target,
        pass: c.pass,
        latencyMs: c.latencyMs,
        tokens: c.tokens,
      },
    ]),
  )
}

/** The rounded mean of `ns` (0 when there are none). */
export const mean = (ns: readonly number[]) => (ns.length ? Math.round(ns.reduce((s, n) => s + n, 0) / ns.length) : 0)
const meanOrNull = (ns: readonly (number | null)[]) => {
  const known = ns.filter((n): n is number => n !== null)
  return known.length ? mean(known) : null
}

/**
 * Collects, as the test file's cases are planned (each one, selected by --filter/--shard or not), the keys of the
 * earlier cells the file still has; only those are held, so a file of a million dataset rows costs no more than the
 * earlier results.
 */
export function earlierCellsPlanned(earlier: ReadonlyMap<string, EarlierCell> | undefined): {
  see(c: { key: string; targets: readonly { id: string }[] }): void
  keys: Set<string>
} {
  const keys = new Set<string>()
  return {
    see(c) {
      if (!earlier) return
      for (const t of c.targets) {
        const k = cellKey({ case: c.key, target: t.id })
        if (earlier.has(k)) keys.add(k)
      }
    },
    keys,
  }
}

/**
 * This run's cells against an earlier run's. `planned`: the keys of the earlier cells the test file still has (run or
 * left out by --filter or --shard: earlierCellsPlanned), so only a cell the file no longer has is called removed.
 */
export function compareRuns(
  file: string,
  before: ReadonlyMap<string, EarlierCell>,
  cells: readonly Cell[],
  planned: ReadonlySet<string>,
): Comparison {
  const regressions: Change[] = []
  const fixes: Change[] = []
  const added: Cell[] = []
  const pairs = new Map<string, Array<[EarlierCell, Cell]>>()
  for (const c of cells) {
    const was = before.get(cellKey(c))
    if (was === undefined) {
      added.push(c)
      continue
    }
    const list = pairs.get(c.target) ?? pairs.set(c.target, []).get(c.target)!
    list.push([was, c])
    if (was.pass === c.pass) continue
    const change = {
      case: c.case,
      description: c.description,
      target: c.target,
      before: was.pass ? 'passed' : 'failed',
      after: c.pass ? 'passed' : 'failed',
    } as const
    ;(was.pass ? regressions : fixes).push(change)
  }
  const removed = [...before.entries()].filter(([k]) => !planned.has(k)).map(([, e]) => e)
  const targets = [...pairs].map(([target, list]) => ({
    target,
    matched: list.length,
    before: {
      passed: list.filter(([b]) => b.pass).length,
      latencyMs: mean(list.map(([b]) => b.latencyMs)),
      tokens: meanOrNull(list.map(([b]) => b.tokens)),
    },
    after: {
      passed: list.filter(([, a]) => a.pass).length,
      latencyMs: mean(list.map(([, a]) => a.latencyMs)),
      tokens: meanOrNull(list.map(([, a]) => a.tokens)),
    },
  }))
  return { file, regressions, fixes, added, removed, targets }
}
