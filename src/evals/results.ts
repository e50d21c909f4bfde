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
import { type PassRate, passRate } from './pass-rate.js'
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
  /** how many of the case's runs must pass (over passRate), when set */
  minPass?: number
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

/**
 * What a run with no answer (network, auth, 5xx…) counts as (--errors): `fail` (the default) makes its cell an error
 * and the run exits with the failure's code; `zero` scores it 0, a failed run among the others; `skip` leaves it out
 * of its cell's rate (a cell with no answered run is skipped).
 */
export type ErrorPolicy = 'fail' | 'zero' | 'skip'
export const errorPolicies: readonly ErrorPolicy[] = ['fail', 'zero', 'skip']
/** What each policy does with a run with no answer, in the words of the summary. */
export const errorPolicyMeaning: Record<ErrorPolicy, string> = {
  fail: 'a run with no answer fails its cell',
  zero: 'a run with no answer counts as a failed run',
  skip: 'a run with no answer is left out',
}

/** A cell's verdict. */
type Verdict = 'pass' | 'fail' | 'error' | 'skip'

/** A cell of the matrix: one case against one target, its repeats together. */
export interface Cell {
  caseIndex: number
  case: string
  description: string
  target: string
  runs: number
  passed: number
  /** runs with no answer */
  errored: number
  /** the runs its verdict is over (all, or those answered with --errors skip) */
  counted: number
  /** how many of the counted runs must pass */
  needed: number
  /** the share of runs that must pass */
  passRate: number
  /** pass: at least `needed` of `counted` passed; error: a run had no answer (--errors fail); skip: none answered
   * (--errors skip) */
  verdict: Verdict
  /** verdict is pass */
  pass: boolean
  /** the first error of its runs, if any */
  error: string | null
  /** the mean latency of its runs with an answer (null: none had one) */
  latencyMs: number | null
  /** the mean total tokens, when reported */
  tokens: number | null
  /** its first failing run (the one reports show), else its first run */
  shown: TestResult
  /** every run, in repeat order (the report shows each) */
  results: TestResult[]
}

/** Whether a cell fails the run (a skipped cell does not). */
export const failing = (c: Pick<Cell, 'verdict'>) => c.verdict === 'fail' || c.verdict === 'error'

/** How many of `counted` runs must pass: minPass (scaled to the runs counted) or the share passRate. */
function neededOf(first: Pick<TestResult, 'passRate' | 'minPass'>, runs: number, counted: number): number {
  if (typeof first.minPass === 'number') return Math.ceil((Math.min(first.minPass, runs) * counted) / runs - 1e-9)
  const share = typeof first.passRate === 'number' ? first.passRate : 1
  return Math.ceil(share * counted - 1e-9)
}

/**
 * pass^N of a cell: the chance that N runs in a row all pass, N its runs counted, estimated from its rate
 * ((passed / counted)^N); 1 run: its verdict.
 */
export const passHatN = (c: Pick<Cell, 'passed' | 'counted'>) =>
  c.counted === 0 ? 0 : Math.round((c.passed / c.counted) ** c.counted * 1000) / 1000

/** The cells of `results`, in case then target order; `errors`: what a run with no answer counts as. */
export function cellsOf(results: readonly TestResult[], errors: ErrorPolicy = 'fail'): Cell[] {
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
    const errored = runs.filter((r) => r.error !== null).length
    const counted = errors === 'skip' ? runs.length - errored : runs.length
    const needed = neededOf(first, runs.length, counted)
    const error = runs.find((r) => r.error !== null)?.error ?? null
    const verdict: Verdict =
      errors === 'fail' && errored > 0 ? 'error' : counted === 0 ? 'skip' : passed >= needed ? 'pass' : 'fail'
    const answered = runs.filter((r) => r.error === null)
    const tokens = runs.map((r) => r.usage?.total_tokens).filter((n): n is number => typeof n === 'number')
    cells.push({
      caseIndex: first.caseIndex,
      case: first.case,
      description: first.description,
      target: first.target,
      runs: runs.length,
      passed,
      errored,
      counted,
      needed,
      passRate: typeof first.passRate === 'number' ? first.passRate : 1,
      verdict,
      pass: verdict === 'pass',
      error,
      latencyMs: answered.length ? mean(answered.map((r) => r.latencyMs)) : null,
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
  /** its runs that passed, of those counted */
  passed: number
  counted: number
  latencyMs: number | null
  tokens: number | null
  /** the answer of its first failing run, else its first (the report shows it beside a changed cell's) */
  answer: string | null
}

/** A cell whose verdict differs from an earlier run's. */
export interface Change {
  case: string
  description: string
  target: string
  before: 'passed' | 'failed'
  after: 'passed' | 'failed'
  /** repeated runs: the pass rate before and now, when the rate moved out of the earlier rate's 95% interval */
  rate?: { before: PassRate; after: PassRate }
  /** the earlier run's answer (its first failing run's, else its first) */
  earlierAnswer: string | null
}

/** A target's figures on both sides of a comparison (the cells both runs have), and now over all its cells. */
interface TargetDelta {
  target: string
  /** cells both runs have */
  matched: number
  before: { passed: number; latencyMs: number | null; tokens: number | null }
  after: { passed: number; latencyMs: number | null; tokens: number | null }
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

/**
 * Whether a repeated cell's pass rate left the earlier rate's 95% interval (below it: fell), so that a case that
 * passed 5 of 5 and now passes 2 of 5 is a regression even when both verdicts are the same.
 */
function rateMoved(was: EarlierCell, now: Cell): { fell: boolean; rate: NonNullable<Change['rate']> } | undefined {
  if (was.counted < 2 && now.counted < 2) return undefined
  if (was.counted === 0 || now.counted === 0) return undefined
  const before = passRate(was.passed, was.counted)
  const after = passRate(now.passed, now.counted)
  if (after.rate < before.low) return { fell: true, rate: { before, after } }
  if (after.rate > before.high) return { fell: false, rate: { before, after } }
  return undefined
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

/** The cells of an earlier --results file, by cellKey (a case's runs together, counted under `errors`). */
export async function readEarlier(path: string, errors: ErrorPolicy = 'fail'): Promise<Map<string, EarlierCell>> {
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
    cellsOf(lines, errors).map((c) => [
      cellKey(c),
      {
        case: c.case,
        description: c.description,
        target: c.target,
        pass: c.pass,
        passed: c.passed,
        counted: c.counted,
        latencyMs: c.latencyMs,
        tokens: c.tokens,
        answer: typeof c.shown.answer === 'string' ? c.shown.answer : null,
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
    const moved = rateMoved(was, c)
    if (was.pass === c.pass && moved === undefined) continue
    const change: Change = {
      case: c.case,
      description: c.description,
      target: c.target,
      before: was.pass ? 'passed' : 'failed',
      after: c.pass ? 'passed' : 'failed',
      ...(moved ? { rate: moved.rate } : {}),
      earlierAnswer: was.answer ?? null,
    }
    ;((was.pass !== c.pass ? was.pass : moved!.fell) ? regressions : fixes).push(change)
  }
  const removed = [...before.entries()].filter(([k]) => !planned.has(k)).map(([, e]) => e)
  const targets = [...pairs].map(([target, list]) => ({
    target,
    matched: list.length,
    before: {
      passed: list.filter(([b]) => b.pass).length,
      latencyMs: meanOrNull(list.map(([b]) => b.latencyMs)),
      tokens: meanOrNull(list.map(([b]) => b.tokens)),
    },
    after: {
      passed: list.filter(([, a]) => a.pass).length,
      latencyMs: meanOrNull(list.map(([, a]) => a.latencyMs)),
      tokens: meanOrNull(list.map(([, a]) => a.tokens)),
    },
  }))
  return { file, regressions, fixes, added, removed, targets }
}
