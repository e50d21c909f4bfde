// Runs a batch (docs/commands.md "Batch runs"): at most `concurrency` runs in flight, a result line per
// input as each finishes, JUnit at the end, a progress line on a terminal, a summary on stderr and GitHub Actions
// annotations. A run is never retried (not idempotent). Ctrl-C stops the launching and lets the runs in flight
// finish (a second Ctrl-C cancels them), then what is done is written and the batch exits 130.
import { forEachConcurrent } from '../cms/import-export.js'
import { progressLine } from '../io/progress.js'
import { openAtomicFile } from '../io/atomic-file.js'
import type { Context } from '../context.js'
import { ApiError, CancelledError, CliError, ExitCode, exitCodeOf } from '../errors.js'
import type { Shard } from '../io/shard.js'
import type { BatchItem, BatchKind, BatchSource } from './input.js'
import { type JunitCase, junitXml } from './junit.js'
import { openResults, type ResultLine, type RunStatus, readResume, resumed, samePath, succeeded } from './results.js'
import { annotation, batchExitCode, summaryLine } from './report.js'

/** What one run gave: the run id, how it ended, its output and, when it did not succeed, why. */
interface RunOutcome {
  runId: string | null
  status: RunStatus
  output: unknown
  error: string | null
  /** the exit code this failure would give alone (default: 5 for a failed run) */
  exitCode?: number
}

/** A batch to run. */
export interface BatchJob {
  kind: BatchKind
  /** the scenario or webhook id (names the JUnit suite) */
  target: string
  /** sends one input, once; throws the HTTP core's errors */
  run: (item: BatchItem) => Promise<RunOutcome>
  concurrency: number
  results?: string | undefined
  junit?: string | undefined
  resume?: string | undefined
  shard?: Shard | undefined
}

/** Runs every input of `source`; resolves when all succeeded, else throws the batch's exit (docs/commands.md). */
export async function runBatch(ctx: Context, job: BatchJob, source: BatchSource): Promise<void> {
  const earlier = job.resume ? await readResume(job.resume) : new Map<number, ResultLine>()
  // a file's inputs are all matched against the results file before anything runs
  if (job.resume && source.known) for (const item of source.known) resumed(item, earlier, job.resume)
  const junit = job.junit ? await openAtomicFile(job.junit, { flag: '--junit' }) : undefined
  const appending = samePath(job.results, job.resume)
  const sink = await openResults(job.results, appending, ctx.io).catch(async (err) => {
    await junit?.discard()
    throw err
  })
  const cases = new Map<number, JunitCase>()
  for (const item of source.known ?? []) cases.set(item.index, { item, result: undefined })
  const progress = progressLine(ctx, job.kind === 'webhook' ? 'triggered' : 'ran')
  const startedAt = ctx.now()
  let stopping = false
  let finished = 0
  // resolved on Ctrl-C: a batch waiting for its next stdin line stops waiting (the line may never come)
  let stop = () => {}
  const stopped = new Promise<undefined>((resolve) => {
    stop = () => resolve(undefined)
  })
  const releaseInterrupt = ctx.onInterrupt(() => {
    if (stopping) return ctx.abort.abort()
    stopping = true
    stop()
    source.close?.()
    progress.end()
    ctx.info('stopping: no more runs are started; the runs in flight finish (Ctrl-C again to cancel them)')
  })
  const codes = new Map<number, number>()
  const record = async (item: BatchItem, result: ResultLine, early: boolean) => {
    cases.set(item.index, { item, result, earlier: early })
    // result lines on the same terminal as the counter: erase it first, or a line would start after it
    if (!job.results && ctx.io.stdoutIsTTY) progress.end()
    if (!early || !appending) await sink.write(result)
    if (!succeeded(result.status) && !early && ctx.env.GITHUB_ACTIONS === 'true')
      ctx.io.stderr.write(annotation(job, item, result))
    progress.update(++finished, source.known?.length)
  }
  async function* launchable(): AsyncGenerator<BatchItem> {
    for await (const item of untilStopped(source.items, stopped)) {
      if (stopping || ctx.abort.signal.aborted) return
      const done = job.resume ? resumed(item, earlier, job.resume) : undefined
      if (done) await record(item, done, true)
      else yield item
    }
  }
  let inputError: unknown
  try {
    await forEachConcurrent(launchable(), job.concurrency, async (item) => {
      const t0 = performance.now()
      const { exitCode, ...outcome } = await job.run(item).catch((err: unknown) => failure(ctx, err))
      const durationMs = Math.round(performance.now() - t0)
      if (!succeeded(outcome.status)) codes.set(item.index, exitCode ?? ExitCode.conflict)
      const { runId, status, output, error } = outcome
      await record(item, { index: item.index, input: item.input, runId, status, output, durationMs, error }, false)
    })
  } catch (err) {
    inputError = err
  } finally {
    releaseInterrupt()
    source.close?.()
    progress.end()
    await sink.close()
  }
  const all = [...cases.values()].sort((a, b) => a.item.index - b.item.index)
  if (junit) {
    const suite = { name: `${job.kind} ${job.target}`, classname: `${job.kind}.${job.target}`, startedAt }
    await junit.write(junitXml({ ...suite, durationMs: ctx.now() - startedAt }, all))
    await junit.commit()
  }
  ctx.info(summaryLine(job.kind, all, ctx.now() - startedAt))
  if (inputError) throw inputError
  if (stopping || ctx.abort.signal.aborted)
    throw new CancelledError('interrupted: the results hold the runs that finished')
  const code = batchExitCode(codes)
  if (code !== ExitCode.ok) {
    const bad = all.filter((c) => c.result && !succeeded(c.result.status)).length
    throw new CliError(`${bad} of ${all.length} runs did not complete`, {
      exitCode: code,
      hint: job.results ? `see ${job.results}; rerun the rest with --resume ${job.results}` : undefined,
    })
  }
}

/** The outcome of a run that threw: refused (the service answered 4xx) or error (no answer, 5xx, cancelled). */
function failure(ctx: Context, err: unknown): RunOutcome {
  const message = ctx.redactor.text(err instanceof Error ? err.message : String(err))
  if (err instanceof CancelledError || ctx.abort.signal.aborted) {
    const error = `cancelled before its answer arrived; it may or may not have run (${message})`
    return { runId: null, status: 'error', output: null, error, exitCode: ExitCode.cancelled }
  }
  const refused = err instanceof ApiError && err.status < 500
  const exitCode = exitCodeOf(err)
  return { runId: null, status: refused ? 'refused' : 'error', output: null, error: message, exitCode }
}

/** The items until `stopped` resolves, even while waiting for the next one (the source is then left unread). */
async function* untilStopped<T>(items: AsyncIterable<T> | Iterable<T>, stopped: Promise<undefined>): AsyncGenerator<T> {
  const it = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]()
  const end = stopped.then(() => ({ done: true as const, value: undefined }))
  for (;;) {
    const next = await Promise.race([it.next(), end])
    if (next.done) return
    yield next.value
  }
}
