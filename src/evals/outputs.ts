// The files of a test run: --results (NDJSON, a line per run as it finishes), --junit, --report and --summary-md (a
// pull-request comment), each written through the one atomic writer (a temp file renamed into place at the end, so a
// failed run never leaves half a file, and an interrupted one leaves the runs that finished), and the same Markdown
// summary appended to $GITHUB_STEP_SUMMARY when it is set. Every file is opened before the first request, so a bad path costs nothing.
import { appendFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { UsageError } from '../errors.js'
import type { Context } from '../context.js'
import { type AtomicFile, openAtomicFile } from '../io/atomic-file.js'
import { stringifyJson } from '../text/sanitize.js'
import { testJunit } from './junit.js'
import { htmlReport, type ReportMeta } from './report-html.js'
import type { Cell, Comparison, TestResult } from './results.js'
import { markdownSummary } from './summary.js'

/** Where the files go. */
export interface OutputPaths {
  results?: string | undefined
  junit?: string | undefined
  report?: string | undefined
  summaryMd?: string | undefined
}

/** The files of a run being written. */
export interface Outputs {
  /** a result line, as its run finishes */
  result(r: TestResult): Promise<void>
  /** writes JUnit, the report and the step summary, and puts every file in place */
  finish(
    meta: ReportMeta & { durationMs: number; suiteMs: ReadonlyMap<string, number> },
    cells: readonly Cell[],
    comparison: Comparison | undefined,
  ): Promise<void>
  /** removes what was started (the run failed before it ran anything) */
  discard(): Promise<void>
}

/** Opens the files named (usage errors name the flag when a file cannot be created). */
export async function openOutputs(ctx: Context, paths: OutputPaths): Promise<Outputs> {
  const opened: AtomicFile[] = []
  const openOne = async (path: string | undefined, flag: string) => {
    if (path === undefined) return undefined
    try {
      // the rename at the end would fail on a folder, after every run: say so now
      if ((await stat(path).catch(() => undefined))?.isDirectory())
        throw new UsageError(
          `${flag} ${path}: is a folder, not a file`,
          `name a file in it, e.g. ${flag} ${join(path, 'x')}`,
        )
      const f = await openAtomicFile(path, { flag })
      opened.push(f)
      return f
    } catch (err) {
      await Promise.all(opened.map((f) => f.discard()))
      throw err
    }
  }
  const results = await openOne(paths.results, '--results')
  const junit = await openOne(paths.junit, '--junit')
  const summaryMd = await openOne(paths.summaryMd, '--summary-md')
  const report = await openOne(paths.report, '--report')
  // one write at a time, in finishing order, so a line is never split; lines are written 64 KiB at a time (a write
  // a line cost 10,000 cases 2.5 s of CPU): the file is the temp file until the end, so nobody reads it sooner
  let chain = Promise.resolve()
  let pending: string[] = []
  let pendingChars = 0
  const flush = () => {
    if (!results || pending.length === 0) return chain
    const text = pending.join('')
    pending = []
    pendingChars = 0
    chain = chain.then(() => results.write(text))
    return chain
  }
  return {
    result(r) {
      if (!results) return Promise.resolve()
      const line = `${stringifyJson(r)}\n`
      pending.push(line)
      pendingChars += line.length
      return pendingChars >= 64 * 1024 ? flush() : Promise.resolve()
    },
    async finish(meta, cells, comparison) {
      await flush()
      await junit?.write(testJunit(meta.title, cells, meta.startedAt, meta.durationMs, meta.suiteMs))
      await report?.write(htmlReport(meta, cells, comparison))
      const markdown = markdownSummary(meta.title, meta.summary, cells, comparison)
      await summaryMd?.write(markdown)
      for (const f of opened) await f.commit()
      const summaryFile = ctx.env.GITHUB_STEP_SUMMARY
      if (summaryFile) await appendFile(summaryFile, markdown)
    },
    async discard() {
      await chain.catch(() => {})
      await Promise.all(opened.map((f) => f.discard()))
    },
  }
}
