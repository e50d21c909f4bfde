// `agentry cms import <collection> <file.ndjson>` (commands.md). Every line is checked before anything is sent;
// then lines go out with bounded concurrency. A line with an `id` is saved with PUT under that id (create or
// replace: re-running an import, or importing an export, is idempotent, and PUT may be retried safely); a line
// without one is created with POST, which is never retried (a retry could duplicate it). Lines that fail are written,
// with their errors, to `<file>.failed.ndjson`, so nothing is half-imported unreported.
import { rm } from 'node:fs/promises'
import { Command } from 'commander'
import * as z from 'zod'
import { failedLine, forEachConcurrent, type ImportItem, parseImportLine, saveBody } from '../../cms/import-export.js'
import type { Context } from '../../context.js'
import { ApiError, CancelledError, CliError, ExitCode, UsageError } from '../../errors.js'
import { openAtomicFile } from '../files/atomic-out.js'
import { examples, parseOptions } from '../shared.js'
import { badLinesReport, checkImportFile, readLines } from './import-file.js'
import { progressLine } from './progress.js'
import { sanitizeText } from '../../io/sanitize.js'

const importSchema = z.object({
  concurrency: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 64, 'must be 1 to 64')
    .default(4),
  skipInvalid: z.boolean().default(false),
  ignoreIds: z.boolean().default(false),
})

/** Where the failed lines of an import go. */
export const failedFileOf = (file: string) => `${file}.failed.ndjson`

/** `cms import`. */
export function importCommand(ctx: Context): Command {
  const cmd = new Command('import')
    .description('Import records from an NDJSON file (a line is {"id"?, "data", "tags"?}, as export writes them)')
    .argument('<collection>', 'the collection (created on the first record)')
    .argument('<file>', 'the NDJSON file')
    .option('--concurrency <n>', 'requests in flight, 1 to 64', '4')
    .option('--skip-invalid', 'import the valid lines even when some are invalid (those count as failed)')
    .option('--ignore-ids', 'create every line as a new record, even lines that carry an id')
    .addHelpText(
      'after',
      `
A line with an "id" replaces (or creates) the record with that id (PUT); a line without one creates a new record
(POST). Every line is checked first: if any is invalid, nothing is sent (unless --skip-invalid). Lines that fail
are written with their errors to <file>.failed.ndjson as {"line", "error", "input"}; the exit code is then 1.`,
    )
    .action(async (collection: string, file: string, raw: unknown) => {
      const o = parseOptions(importSchema, raw)
      if (file === '-')
        throw new UsageError('import reads its file twice (check, then send), so it cannot read stdin', 'save it first')
      const check = await checkImportFile(file)
      if (check.invalid > 0) {
        ctx.io.stderr.write(sanitizeText(badLinesReport(file, check)))
        if (!o.skipInvalid)
          throw new UsageError(
            `${file} has ${check.invalid} invalid line${check.invalid === 1 ? '' : 's'}; nothing was imported`,
            'fix them, or pass --skip-invalid to import the valid lines',
          )
      }
      await runImport(ctx, collection, file, o, check.valid)
    })
  return examples(cmd, [
    'agentry cms import posts posts.ndjson',
    'agentry cms export posts --out posts.ndjson && agentry cms import posts_copy posts.ndjson --concurrency 8',
    'agentry cms import posts new.ndjson --skip-invalid; jq -c .input new.ndjson.failed.ndjson > retry.ndjson',
  ])
}

async function runImport(
  ctx: Context,
  collection: string,
  file: string,
  o: z.infer<typeof importSchema>,
  total: number,
): Promise<void> {
  const cms = (await ctx.sdk()).cms
  const failedPath = failedFileOf(file)
  const failedFile = await openAtomicFile(failedPath, 'the failed-lines file')
  const progress = progressLine(ctx, 'imported')
  let imported = 0
  let failed = 0
  // Writes to one file handle must not overlap: they are chained.
  let writes = Promise.resolve()
  const fail = (line: number, error: string, text: string) => {
    failed++
    writes = writes.then(() => failedFile.write(failedLine(line, error, text)))
  }
  // After a cancel or an auth failure every later request would fail the same way: the rest is not sent, only listed.
  let stopped: string | undefined
  const send = (item: ImportItem) => {
    const body = saveBody(item)
    return item.id && !o.ignoreIds ? cms.update(collection, item.id, body) : cms.create(collection, body)
  }
  try {
    await forEachConcurrent(readLines(file), o.concurrency, async ({ line, text }) => {
      const r = parseImportLine(text)
      if (r.ok === 'blank') return
      if (!r.ok) return fail(line, r.error, text)
      if (stopped) return fail(line, `not sent: ${stopped}`, text)
      try {
        await send(r.item)
        imported++
        progress.update(imported + failed, total)
      } catch (err) {
        if (err instanceof CancelledError) stopped ??= 'the import was cancelled'
        else if (err instanceof ApiError && (err.status === 401 || err.status === 403))
          stopped ??= `stopped after ${err.status} ${err.serverMessage}`
        fail(line, err instanceof Error ? err.message : String(err), text)
      }
    })
    await writes
  } catch (err) {
    await failedFile.discard()
    throw err
  } finally {
    progress.end()
  }
  if (failed > 0) await failedFile.commit()
  else {
    await failedFile.discard()
    await rm(failedPath, { force: true })
  }
  const summary = `imported ${imported}, failed ${failed}`
  ctx.info(failed ? `${summary} (failed lines: ${failedPath})` : summary)
  if (ctx.outputChosen())
    await ctx.output().item({ collection, imported, failed, ...(failed ? { failedFile: failedPath } : {}) })
  if (stopped === 'the import was cancelled') throw new CancelledError(`cancelled: ${summary}`)
  if (failed > 0)
    throw new CliError(`${failed} line${failed === 1 ? '' : 's'} of ${file} not imported; see ${failedPath}`, {
      exitCode: ExitCode.error,
      hint: `fix them and import them again: jq -c .input ${failedPath} > retry.ndjson`,
    })
}
