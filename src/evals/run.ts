// Runs a test plan: every case × target × repeat, at most `concurrency` in flight (the batch pool), each
// answer checked by the case's assertions as it arrives. A progress line on a terminal (none when piped, in CI or
// with --quiet). Ctrl-C stops the launching and lets the runs in flight finish (a second Ctrl-C cancels them); what
// finished is kept and written like a complete run, then the run exits 130.
import { forEachConcurrent } from '../cms/import-export.js'
import type { Context } from '../context.js'
import { CancelledError, ExitCode, exitCodeOf } from '../errors.js'
import { progressLine } from '../io/progress.js'
import { inShard, type Shard } from '../io/shard.js'
import type { AgentryClient } from '../sdk/client.js'
import { type Answer, askAgent, askScenario, type Signing } from './ask.js'
import { type AssertionEnv, checkAll } from './assertions.js'
import { judgePrompt, parseVerdict, type Verdict } from './judge.js'
import type { PlannedCase, Target, TestPlan } from './load.js'
import { type AnswerCache, type CachedTarget, definitionDigest } from './cache.js'
import { converse, TalkFailed, talkVerdict } from './conversation.js'
import { Pacer } from './pacing.js'
import type { TestResult } from './results.js'
import { scoreOf } from './score.js'

/** One run to make. */
interface Unit {
  c: PlannedCase
  target: Target
  repeat: number
}

/** The cases a run keeps: --filter and --shard (given to loadTestFile as LoadOptions.keep, through caseSelector). */
export interface CaseSelection {
  shard?: Shard | undefined
  /** words matched against the description (any case) or a tag; a case runs when any matches */
  filter: string[]
}

/** How to run a plan. */
export interface RunOptions {
  concurrency: number
  /** signs the runs of each scenario target (resolved before the first run) */
  signing: ReadonlyMap<string, Signing>
  /** called with each result as it finishes (the results file) */
  onResult?: (r: TestResult) => Promise<void>
  /** answers of earlier runs to reuse, by request and repeat (--cache) */
  cache?: AnswerCache | undefined
}

/** What a run gave. */
export interface RunOutcome {
  results: TestResult[]
  /** the cases run (after --filter and --shard) */
  cases: PlannedCase[]
  interrupted: boolean
  startedAt: number
  durationMs: number
  /** the exit codes of runs that had no answer (transport, auth…) */
  errorCodes: Map<number, number>
  /** each target's wall time: from its first run's start to its last one's end (JUnit's suite time) */
  suiteMs: Map<string, number>
}

/** Whether --filter and --shard keep a case (a case's repeats and targets stay together in one shard). */
export function caseSelector(o: CaseSelection): (c: PlannedCase) => boolean {
  const words = o.filter.map((w) => w.toLowerCase())
  const wanted = (c: PlannedCase) =>
    words.length === 0 ||
    words.some((w) => c.description.toLowerCase().includes(w) || c.tags.some((t) => t.toLowerCase() === w))
  return (c) => inShard(c.index, o.shard) && wanted(c)
}

/** Runs the plan's cases (those its loading kept: caseSelector). */
export async function runPlan(ctx: Context, sdk: AgentryClient, plan: TestPlan, o: RunOptions): Promise<RunOutcome> {
  const cases = plan.cases
  const total = cases.reduce((n, c) => n + c.targets.length * c.repeat, 0)
  const results: TestResult[] = []
  const errorCodes = new Map<number, number>()
  const progress = progressLine(ctx, 'tested')
  const startedAt = ctx.now()
  let stopping = false
  const releaseInterrupt = ctx.onInterrupt(() => {
    if (stopping) return ctx.abort.abort()
    stopping = true
    progress.end()
    ctx.info('stopping: no more cases are started; the ones in flight finish (Ctrl-C again to cancel them)')
  })
  function* units(): Generator<Unit> {
    for (const c of cases)
      for (const target of c.targets)
        for (let repeat = 0; repeat < c.repeat; repeat++) {
          if (stopping || ctx.abort.signal.aborted) return
          yield { c, target, repeat }
        }
  }
  // 429s lower the requests in flight and are waited out (pacing.ts): a rate-limited case is judged on its answer
  const pacer = new Pacer(
    o.concurrency,
    (ms) => ctx.wait(ms),
    () => ctx.now(),
    (limit, ms) => {
      progress.end() // the next update shows it again, under this line
      ctx.info(
        `rate-limited (429): at most ${limit} request${limit === 1 ? '' : 's'} in flight now${ms > 0 ? `, resuming in ${(ms / 1000).toFixed(1)} s` : ''}`,
      )
    },
  )
  const judge = judgeWith(sdk, pacer, ctx.abort.signal)
  const definition = o.cache ? definitions(ctx, sdk) : undefined
  const spans = new Map<string, { from: number; to: number }>()
  try {
    await forEachConcurrent(units(), o.concurrency, async (u) => {
      const from = ctx.now()
      const r = await runUnit(ctx, sdk, u, { ...o, definition }, judge, pacer)
      const span = spans.get(u.target.id) ?? spans.set(u.target.id, { from, to: from }).get(u.target.id)!
      span.to = Math.max(span.to, ctx.now())
      if (r.code !== undefined) errorCodes.set(results.length, r.code)
      results.push(r.result)
      await o.onResult?.(r.result)
      progress.update(results.length, total)
    })
  } finally {
    releaseInterrupt()
    progress.end()
  }
  const interrupted = stopping || ctx.abort.signal.aborted
  const suiteMs = new Map([...spans].map(([t, s]) => [t, s.to - s.from]))
  return { results, cases, interrupted, startedAt, durationMs: ctx.now() - startedAt, errorCodes, suiteMs }
}

/** Asks a judge agent for a verdict (the judge's own failures are the run's error). */
export function judgeWith(sdk: AgentryClient, pacer: Pacer, signal: AbortSignal): AssertionEnv['judge'] {
  return async (agentId, rubric, answer): Promise<Verdict> => {
    const { value: reply } = await pacer.send(
      () => askAgent(sdk, agentId, { messages: [{ role: 'user', content: judgePrompt(rubric, answer) }], signal }),
      signal,
    )
    const v = parseVerdict(reply.text)
    return 'problem' in v ? { pass: false, score: 0, reason: v.problem } : v
  }
}

/** The fields of a results line that name its run: the case, the target and the repeat. */
export function runFields(c: PlannedCase, target: string, repeat: number) {
  return {
    case: c.key,
    description: c.description,
    caseIndex: c.index,
    tags: c.tags,
    target,
    repeat,
    passRate: c.passRate,
    ...(c.minPass !== undefined ? { minPass: c.minPass } : {}),
    vars: c.vars,
  }
}

/** A run's failure: its message for the results line (redacted) and the exit code it counts as (Ctrl-C: cancelled). */
export function runFailure(ctx: Context, err: unknown): { message: string; code: number } {
  return {
    message: ctx.redactor.text(err instanceof Error ? err.message : String(err)),
    code: err instanceof CancelledError || ctx.abort.signal.aborted ? ExitCode.cancelled : exitCodeOf(err),
  }
}

/**
 * A target as the cache keys it, its definition read once per run (`agents get` / `scenarios get`); undefined when it
 * cannot be read (then its answers are neither taken from the cache nor kept: nothing says it is unchanged).
 */
function definitions(ctx: Context, sdk: AgentryClient): (t: Target) => Promise<CachedTarget | undefined> {
  const read = new Map<string, Promise<CachedTarget | undefined>>()
  return (t) => {
    let p = read.get(t.id)
    if (!p) {
      p = (t.kind === 'agent' ? sdk.agents.get(t.ref) : sdk.scenarios.get(t.ref)).then(
        (d) => ({ kind: t.kind, ref: t.ref, definition: definitionDigest(d) }),
        (err: unknown) => {
          ctx.warn(
            `${t.kind} ${t.ref}: its definition could not be read (${runFailure(ctx, err).message}): its answers are asked again, not cached`,
          )
          return undefined
        },
      )
      read.set(t.id, p)
    }
    return p
  }
}

async function runUnit(
  ctx: Context,
  sdk: AgentryClient,
  { c, target, repeat }: Unit,
  {
    signing,
    cache: anyCache,
    definition,
  }: Pick<RunOptions, 'signing' | 'cache'> & {
    definition?: ((t: Target) => Promise<CachedTarget | undefined>) | undefined
  },
  judge: AssertionEnv['judge'],
  pacer: Pacer,
): Promise<{ result: TestResult; code?: number }> {
  const base = runFields(c, target.id, repeat)
  let answer: Answer | undefined
  let rateLimited = 0
  try {
    if (c.talk && target.kind === 'agent') {
      // a conversation's requests are paced like any other; its answers are not cached (each turn follows the last)
      const env = { vars: c.vars, judge }
      const talked = await converse(c, { sdk, agentId: target.ref, env, pacer, signal: ctx.abort.signal })
      const verdict = await talkVerdict(c, talked, env)
      return { result: { ...base, ...verdict, ...(talked.rateLimited > 0 ? { rateLimited: talked.rateLimited } : {}) } }
    }
    const question = { messages: c.messages, tools: c.tools, maxTokens: c.maxTokens }
    const keyed = anyCache && definition ? await definition(target) : undefined
    const cache = keyed ? anyCache : undefined
    const key = keyed && cache?.key(keyed, target.kind === 'agent' ? question : { input: c.input }, repeat)
    answer = key ? await cache!.get(key) : undefined
    const cached = answer !== undefined
    if (!answer) {
      const asked = await pacer.send(
        () =>
          target.kind === 'agent'
            ? askAgent(sdk, target.ref, { ...question, signal: ctx.abort.signal })
            : askScenario(sdk, target.ref, c.input, signing.get(target.id)!),
        ctx.abort.signal,
      )
      answer = asked.value
      rateLimited = asked.rateLimited
      if (key) await cache!.put(key, answer)
    }
    const assertions = await checkAll(c.assert, answer, { vars: c.vars, judge })
    const { pass, score } = scoreOf(assertions, c.threshold)
    const { text, toolCalls, finishReason, usage, latencyMs, runId } = answer
    const result: TestResult = {
      ...base,
      pass,
      score,
      answer: text,
      toolCalls,
      finishReason,
      usage,
      latencyMs,
      ...(runId !== undefined ? { runId } : {}),
      ...(rateLimited > 0 ? { rateLimited } : {}),
      ...(cached ? { cached } : {}),
      error: null,
      assertions,
    }
    return { result }
  } catch (caught) {
    // a conversation keeps the turns it had before the failure
    const turns = caught instanceof TalkFailed ? { turns: caught.turns } : {}
    const err = caught instanceof TalkFailed ? caught.failure : caught
    const { message, code } = runFailure(ctx, err)
    const result: TestResult = {
      ...base,
      pass: false,
      score: 0,
      answer: null,
      toolCalls: [],
      finishReason: null,
      usage: null,
      latencyMs: 0,
      error: message,
      assertions: [],
      ...turns,
    }
    return { result, code }
  }
}
