// `cms import` once the file is checked (./import-file.ts): lines are streamed to sendLines (./send-lines.ts), the
// failed ones kept in <file>.failed.ndjson, and the tally reported (stderr, and the output format when chosen).
import { rm } from 'node:fs/promises'
import type { Context } from '../context.js'
import { CancelledError, CliError, ExitCode } from '../errors.js'
import { holdSteadyHeap } from '../io/steady-heap.js'
import { openAtomicFile } from '../io/atomic-file.js'
import { numberedLines } from '../io/lines.js'
import { readLines } from './import-file.js'
import { type ImportRunOptions, type ImportTally, importStateOf, sendLines } from './send-lines.js'
import { progressLine } from '../io/progress.js'

/** Where the failed lines of an import go. */
const failedFileOf = (file: string) => `${file}.failed.ndjson`

/** Imports the lines of `file` (undefined: stdin) into `collection`; `total` is the count of valid lines, if known. */
export async function runImport(
  ctx: Context,
  collection: string,
  file: string | undefined,
  o: ImportRunOptions,
  total: number | undefined,
): Promise<void> {
  const failedPath = file === undefined ? undefined : failedFileOf(file)
  const failedFile = failedPath ? await openAtomicFile(failedPath, { flag: 'the failed-lines file' }) : undefined
  const progress = progressLine(ctx, 'imported')
  holdSteadyHeap() // lines stream through: keep RSS flat however long the file
  const lines =
    file === undefined ? numberedLines(ctx.io.stdin, 'stdin', ctx.bodyLimit()) : readLines(file, ctx.bodyLimit())
  let t: ImportTally
  try {
    t = await sendLines(ctx, collection, lines, o, {
      statePath: file === undefined ? undefined : importStateOf(file, o.shard),
      failedFile,
      progress,
      ...(total !== undefined && !o.shard ? { total } : {}),
    })
  } catch (err) {
    await failedFile?.discard()
    throw err
  } finally {
    progress.end()
  }
  if (t.failed > 0) await failedFile?.commit()
  else if (failedPath) {
    await failedFile?.discard()
    await rm(failedPath, { force: true })
  }
  await report(ctx, collection, t, failedPath)
  const summary = `created ${t.created}, updated ${t.updated}, skipped ${t.skipped}, failed ${t.failed}`
  if (t.stopped === 'the import was interrupted')
    throw new CancelledError(`interrupted: ${summary}; run again with --resume to continue`)
  if (t.stopped) throw new CliError(`${t.stopped}: ${summary}`, { exitCode: ExitCode.error })
  if (t.failed > 0)
    throw new CliError(`${t.failed} line${t.failed === 1 ? '' : 's'} not imported`, {
      exitCode: ExitCode.error,
      hint: file ? `fix them in ${file} and run again with --resume (only the failed lines are sent)` : undefined,
    })
}

async function report(ctx: Context, collection: string, t: ImportTally, failedPath: string | undefined): Promise<void> {
  const summary = `created ${t.created}, updated ${t.updated}, skipped ${t.skipped} (resume), failed ${t.failed}`
  ctx.info(t.failed && failedPath ? `${summary} (failed lines: ${failedPath})` : summary)
  for (const f of t.failures) ctx.info(`line ${f.line}: ${f.error}`)
  if (t.failed > t.failures.length) ctx.info(`… and ${t.failed - t.failures.length} more failed lines`)
  if (ctx.outputChosen())
    await ctx.output().item({
      collection,
      imported: t.created + t.updated,
      created: t.created,
      updated: t.updated,
      skipped: t.skipped,
      failed: t.failed,
      failures: t.failures,
      ...(t.failed && failedPath ? { failedFile: failedPath } : {}),
    })
}
