// `agentry cms import <collection> <file.ndjson|-> [--concurrency n] [--resume] [--shard i/n]` (commands.md). A file
// is checked whole before anything is sent (stdin cannot be read twice: its bad lines count as failed). Every line
// is saved with PUT under a stable identity, its `id` or one derived from the collection, line number and record
// (./import-run.ts), so importing again, resuming, or retrying a save whose answer was lost never duplicates.
import { rm } from 'node:fs/promises'
import { Command } from 'commander'
import * as z from 'zod'
import { parseShard } from '../../io/shard.js'
import type { Context } from '../../context.js'
import { CancelledError, CliError, ExitCode, UsageError } from '../../errors.js'
import { sanitizeText } from '../../io/sanitize.js'
import { openAtomicFile } from '../../io/atomic-file.js'
import { examples, parseOptions } from '../shared.js'
import { badLinesReport, checkImportFile, readLines, readLinesFrom } from './import-file.js'
import { type ImportTally, importStateOf, sendLines } from './import-run.js'
import { progressLine } from './progress.js'
import { holdSteadyHeap } from '../../io/steady-heap.js'
import { concurrencyOption } from './query-options.js'

const importSchema = z.object({
  concurrency: concurrencyOption,
  skipInvalid: z.boolean().default(false),
  ignoreIds: z.boolean().default(false),
  resume: z.boolean().default(false),
  shard: z
    .string()
    .transform((s) => parseShard(s))
    .optional(),
})

/** Where the failed lines of an import go. */
export const failedFileOf = (file: string) => `${file}.failed.ndjson`

/** `cms import`. */
export function importCommand(ctx: Context): Command {
  const cmd = new Command('import')
    .description('Import records from an NDJSON file or stdin (a line is {"id"?, "data", "tags"?}, as export writes)')
    .argument('<collection>', 'the collection (created on the first record)')
    .argument('<file>', 'the NDJSON file, or - for stdin')
    .option('--concurrency <n>', 'requests in flight, 1 to 64', '4')
    .option('--skip-invalid', 'import the valid lines even when some are invalid (those count as failed)')
    .option('--ignore-ids', "save lines under derived ids even when they carry an id (a copy, not the file's ids)")
    .option('--resume', 'continue an interrupted import of this file: skip the lines known to be saved')
    .option('--shard <i/n>', 'only lines i, i+n, i+2n…: the shards 1/n…n/n together are the whole file')
    .addHelpText(
      'after',
      `
Every line is saved with PUT under a stable id: its "id", or (without one, or with --ignore-ids) "imp_" and a hash
of the collection, the line number and the record. Importing the same file again replaces, never duplicates. A
save whose answer was lost is read back before it is called failed. Failed lines go to <file>.failed.ndjson as
{"line", "error", "input"} (exit 1). Ctrl-C lets the saves in flight finish and keeps <file>.agentry-import.json
for --resume, which skips the saved lines and sends the failed ones again.`,
    )
    .action(async (collection: string, file: string, raw: unknown) => {
      const o = parseOptions(importSchema, raw)
      const stdin = file === '-'
      if (stdin && o.resume) throw new UsageError('--resume needs a file', 'stdin cannot be continued; save it first')
      let total: number | undefined
      if (!stdin) {
        const check = await checkImportFile(file)
        total = check.valid
        if (check.invalid > 0) {
          ctx.io.stderr.write(sanitizeText(badLinesReport(file, check)))
          if (!o.skipInvalid)
            throw new UsageError(
              `${file} has ${check.invalid} invalid line${check.invalid === 1 ? '' : 's'}; nothing was imported`,
              'fix them, or pass --skip-invalid to import the valid lines',
            )
        }
      }
      await runImport(ctx, collection, stdin ? undefined : file, o, total)
    })
  return examples(cmd, [
    'agentry cms import posts posts.ndjson',
    'agentry cms export posts | agentry cms import posts_copy - --concurrency 8',
    'agentry cms import posts big.ndjson --resume',
    'agentry cms import posts big.ndjson --shard 1/4',
  ])
}

async function runImport(
  ctx: Context,
  collection: string,
  file: string | undefined,
  o: z.infer<typeof importSchema>,
  total: number | undefined,
): Promise<void> {
  const failedPath = file === undefined ? undefined : failedFileOf(file)
  const failedFile = failedPath ? await openAtomicFile(failedPath, { flag: 'the failed-lines file' }) : undefined
  const progress = progressLine(ctx, 'imported')
  holdSteadyHeap() // lines stream through: keep RSS flat however long the file
  const lines = file === undefined ? readLinesFrom(ctx.io.stdin, 'stdin') : readLines(file)
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
