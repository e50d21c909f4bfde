// `agentry cms import <collection> <file.ndjson|-> [--concurrency n] [--resume] [--shard i/n]` (commands.md). A file
// is checked whole before anything is sent (stdin cannot be read twice: its bad lines count as failed). Every line
// is saved with PUT under a stable identity, its `id` or one derived from the collection, line number and record
// (src/cms-bulk/send-lines.ts), so importing again, resuming, or retrying a save whose answer was lost never duplicates.
import { UsageError } from '../../errors.js'
import { sanitizeText } from '../../text/sanitize.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag } from '../options.js'
import { badLinesReport, checkImportFile } from '../../cms-bulk/import-file.js'
import { concurrencyFlag, shardFlag } from './query-options.js'
import { runImport } from '../../cms-bulk/import.js'

export default defineCommand({
  path: ['cms', 'import'],
  summary: 'Import records from an NDJSON file or stdin (a line is {"id"?, "data", "tags"?}, as export writes)',
  args: {
    collection: arg('<collection>', 'the collection (created on the first record)'),
    file: arg('[file]', 'the NDJSON file, or - for stdin (or --in <file>, as export has --out)'),
  },
  options: {
    in: custom(
      '--in <file>',
      'read this NDJSON file (the mirror of `cms export --out`)',
      nonEmpty('needs a file name'),
    ),
    concurrency: concurrencyFlag('requests in flight'),
    skipInvalid: flag('--skip-invalid', 'import the valid lines even when some are invalid (those count as failed)'),
    ignoreIds: flag(
      '--ignore-ids',
      "save lines under derived ids even when they carry an id (a copy, not the file's ids)",
    ),
    resume: flag('--resume', 'continue an interrupted import of this file: skip the lines known to be saved'),
    shard: shardFlag('only lines i, i+n, i+2n…: the shards 1/n…n/n together are the whole file'),
  },
  examples: [
    'agentry cms import posts posts.ndjson',
    'agentry cms export posts --out posts.ndjson && agentry cms import posts_copy --in posts.ndjson',
    'agentry cms export posts | agentry cms import posts_copy - --concurrency 8',
    'agentry cms import posts big.ndjson --resume',
    'agentry cms import posts big.ndjson --shard 1/4',
  ],
  helpAfter: `
Every line is saved with PUT under a stable id: its "id", or (without one, or with --ignore-ids) "imp_" and a hash
of the collection, the line number and the record. Importing the same file again replaces, never duplicates. A
save whose answer was lost is read back before it is called failed. Failed lines go to <file>.failed.ndjson as
{"line", "error", "input"} (exit 1). Ctrl-C lets the saves in flight finish and keeps <file>.agentry-import.json
for --resume, which skips the saved lines and sends the failed ones again.`,
  run: async ({ collection, file: given, in: inFile, ...o }, ctx) => {
    if (given !== undefined && inFile !== undefined)
      throw new UsageError(`give the file once: ${given} or --in ${inFile}`)
    const file = given ?? inFile
    if (file === undefined)
      throw new UsageError(
        'cms import needs the file to read',
        'e.g. cms import posts posts.ndjson (or --in posts.ndjson; - for stdin)',
      )
    const stdin = file === '-'
    if (stdin && o.resume) throw new UsageError('--resume needs a file', 'stdin cannot be continued; save it first')
    let total: number | undefined
    if (!stdin) {
      const check = await checkImportFile(file, ctx.bodyLimit())
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
  },
})
