// The results of `agentry test`: one line per case × target × repeat (the NDJSON of --results, the data of the
// report), the cells of the matrix they add up to (case × target: its runs passed at the case's pass rate), and the
// comparison with an earlier results file (--compare: what changed verdict).
import { open } from 'node:fs/promises'
import type { Usage } from '../api/schemas/index.js'
import { UsageError } from '../errors.js'
import { numberedLines } from '../io/lines.js'
import type { AnsweredToolCall } from './ask.js'
import type { AssertionResult } from './assertions.js'
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
  /** why no answer was had (network, auth, 5xx…), else null */
  error: string | null
  assertions: AssertionResult[]
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
      latencyMs: Math.round(runs.reduce((s, r) => s + r.latencyMs, 0) / runs.length),
      tokens: tokens.length ? Math.round(tokens.reduce((s, n) => s + n, 0) / tokens.length) : null,
      shown: runs.find((r) => !r.pass) ?? first,
    })
  }
  return cells.sort((a, b) => a.caseIndex - b.caseIndex || a.target.localeCompare(b.target))
}

/** A cell whose verdict differs from an earlier run's. */
export interface Change {
  case: string
  target: string
  before: 'passed' | 'failed'
  after: 'passed' | 'failed'
}

/** The verdicts of an earlier --results file, by case key and target (a case's runs: all must have passed). */
export async function readVerdicts(path: string): Promise<Map<string, boolean>> {
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, 'r')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`--compare ${path}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
  const lines: TestResult[] = []
  try {
    for await (const { line, text } of numberedLines(fh.createReadStream(), `--compare ${path}`)) {
      if (text.trim() === '') continue
      let r: Partial<TestResult>
      try {
        r = JSON.parse(text)
      } catch {
        throw new UsageError(`--compare ${path} line ${line}: not JSON`, 'give the --results file of an earlier run')
      }
      if (typeof r?.case !== 'string' || typeof r.target !== 'string' || typeof r.pass !== 'boolean')
        throw new UsageError(
          `--compare ${path} line ${line}: not a result line of agentry test (no case, target or pass)`,
        )
      lines.push({ ...r, caseIndex: 0, repeat: Number(r.repeat) || 0, error: r.error ?? null } as TestResult)
    }
  } finally {
    await fh.close().catch(() => {})
  }
  // cells are keyed by case index; an earlier file's indexes may differ, so its cells are built by key
  const keys = new Map<string, number>()
  for (const l of lines) l.caseIndex = keys.get(l.case) ?? keys.set(l.case, keys.size).get(l.case)!
  return new Map(cellsOf(lines).map((c) => [`${c.case}\n${c.target}`, c.pass]))
}

/** The cells whose verdict changed since `before` (cells only one side has are left out). */
export function changes(before: ReadonlyMap<string, boolean>, cells: readonly Cell[]): Change[] {
  const out: Change[] = []
  for (const c of cells) {
    const was = before.get(`${c.case}\n${c.target}`)
    if (was === undefined || was === c.pass) continue
    out.push({ case: c.case, target: c.target, before: was ? 'passed' : 'failed', after: c.pass ? 'passed' : 'failed' })
  }
  return out
}
