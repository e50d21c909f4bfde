// `agentry test <file> --rescore <results.ndjson>`: the answers of an earlier run's --results are
// checked again by the file's assertions, judges included, without asking any target: a changed rubric or threshold is
// tried on answers already paid for. A line is matched to a run by case key, target and repeat; a conversation's
// turns are checked turn by turn as when they were sent (a simulated user's goal keeps its recorded verdict).
import { forEachConcurrent } from '../cms/import-export.js'
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import { isRecord } from '../api/is-record.js'
import type { AgentryClient } from '../sdk/client.js'
import type { Answer } from './ask.js'
import { checkAll } from './assertions.js'
import { talkVerdict, turnAnswer, type TurnResult } from './conversation.js'
import type { PlannedCase, TestPlan } from './load.js'
import { Pacer } from './pacing.js'
import { resultFileLines, type TestResult } from './results.js'
import { judgeWith, type RunOptions, type RunOutcome, runFailure, runFields } from './run.js'
import { scoreOf } from './score.js'

const keyOf = (c: string, target: string, repeat: number) => `${c}\n${target}\n${repeat}`

/** The lines of a --results file by case key, target and repeat (the last line of a run wins). */
async function readResultLines(path: string, flag: string): Promise<Map<string, TestResult>> {
  const out = new Map<string, TestResult>()
  for await (const { line, value: r } of resultFileLines(path, flag)) {
    if (!isRecord(r) || typeof r.case !== 'string' || typeof r.target !== 'string')
      throw new UsageError(`${flag} ${path} line ${line}: not a result line of agentry test (no case or target)`)
    if (r.answer !== null && typeof r.answer !== 'string')
      throw new UsageError(`${flag} ${path} line ${line}: its answer is not text`)
    if (r.turns !== undefined && !Array.isArray(r.turns))
      throw new UsageError(`${flag} ${path} line ${line}: its turns are not a list`)
    out.set(keyOf(r.case, r.target, Number(r.repeat) || 0), r as unknown as TestResult)
  }
  return out
}

/** How a rescoring runs. */
export type RescoreOptions = Pick<RunOptions, 'concurrency' | 'onResult'>

/** Scores the earlier answers of `path` with the plan's assertions; no target is asked. */
export async function rescorePlan(
  ctx: Context,
  sdk: AgentryClient,
  plan: TestPlan,
  path: string,
  o: RescoreOptions,
): Promise<RunOutcome> {
  const earlier = await readResultLines(path, '--rescore')
  const cases = plan.cases
  const startedAt = ctx.now()
  // the judges' requests are paced as in a run: a 429 lowers the requests in flight and is waited out
  const pacer = new Pacer(
    o.concurrency,
    (ms) => ctx.wait(ms),
    () => ctx.now(),
  )
  const judge = judgeWith(sdk, pacer, ctx.abort.signal)
  const results: TestResult[] = []
  const errorCodes = new Map<number, number>()
  let missing = 0
  function* runs() {
    for (const c of cases)
      for (const target of c.targets)
        for (let repeat = 0; repeat < c.repeat; repeat++) {
          if (ctx.abort.signal.aborted) return
          const line = earlier.get(keyOf(c.key, target.id, repeat))
          if (line === undefined) missing++
          else yield { c, target: target.id, repeat, line }
        }
  }
  await forEachConcurrent(runs(), o.concurrency, async ({ c, target, repeat, line }) => {
    const base = runFields(c, target, repeat)
    let r: TestResult
    try {
      r = { ...base, ...(await rescored(c, line, judge)) }
    } catch (err) {
      // a judge that gave no verdict (network, auth, Ctrl-C) fails this run, as in a run (run.ts)
      const { message, code } = runFailure(ctx, err)
      errorCodes.set(results.length, code)
      r = { ...base, ...failedLine(line, message) }
    }
    results.push(r)
    await o.onResult?.(r)
  })
  const runsInFile = cases.reduce((n, c) => n + c.targets.length * c.repeat, 0)
  if (results.length === 0)
    throw new UsageError(
      `--rescore ${path}: none of its lines is a run of ${plan.file} (matched by case, target and repeat)`,
      'rescore the test file the results came from',
    )
  if (missing > 0) ctx.info(`--rescore: ${missing} of ${runsInFile} runs have no line in ${path}: left out`)
  const interrupted = ctx.abort.signal.aborted
  // a rescore asks no target: JUnit takes each suite's slowest cell as its time
  return { results, cases, interrupted, startedAt, durationMs: ctx.now() - startedAt, errorCodes, suiteMs: new Map() }
}

type Verdict = Omit<
  TestResult,
  'case' | 'description' | 'caseIndex' | 'tags' | 'target' | 'repeat' | 'passRate' | 'vars'
>

/** The answer a results line recorded. */
function recordedAnswer(line: TestResult): Answer {
  return {
    text: line.answer ?? '',
    toolCalls: Array.isArray(line.toolCalls) ? line.toolCalls : [],
    finishReason: line.finishReason ?? null,
    usage: line.usage ?? null,
    latencyMs: Number(line.latencyMs) || 0,
    ...(line.runId !== undefined ? { runId: line.runId } : {}),
  }
}

/** A recorded run failed with `error`: its answer and turns kept. */
function failedLine(line: TestResult, error: string): Verdict {
  const { text: _text, ...rest } = recordedAnswer(line)
  return {
    ...rest,
    answer: line.answer ?? null,
    pass: false,
    score: 0,
    error,
    assertions: [],
    ...(line.turns ? { turns: line.turns } : {}),
  }
}

/** The verdict of a recorded run under the file's assertions (a run that had no answer stays failed, with its error). */
async function rescored(c: PlannedCase, line: TestResult, judge: ReturnType<typeof judgeWith>): Promise<Verdict> {
  const recorded = recordedAnswer(line)
  const failed = (error: string) => failedLine(line, error)
  if (typeof line.error === 'string') return failed(line.error)
  const env = { vars: c.vars, judge }
  if (c.talk) {
    const turns: TurnResult[] = line.turns ?? []
    if (turns.length === 0) return failed('the results line holds no turns of this conversation: run it again')
    const written = c.talk.kind === 'turns' ? c.talk.turns : []
    if (written.length > turns.length)
      return failed(`the results line holds ${turns.length} turns, the file ${written.length}: run it again`)
    const rechecked: TurnResult[] = []
    for (const [i, t] of turns.entries()) {
      rechecked.push({ ...t, assertions: await checkAll(written[i]?.assert ?? [], turnAnswer(t), env) })
    }
    const goal = line.assertions?.find((a) => a.type === 'goal')
    return talkVerdict(
      c,
      {
        answers: turns.map(turnAnswer),
        turns: rechecked,
        exchanges: turns.map((t) => ({ user: t.user, answer: t.answer ?? '' })),
        rateLimited: 0,
        ...(c.talk.kind === 'simulate' ? { goalMet: goal?.pass === true } : {}),
      },
      env,
    )
  }
  const assertions = await checkAll(c.assert, recorded, env)
  const { text, ...rest } = recorded
  return { ...rest, answer: line.answer ?? null, ...scoreOf(assertions, c.threshold), error: null, assertions }
}
