// `agentry cms export <collection> [query options] [--out file.ndjson] [--concurrency n] [--resume] [--shard i/n]`
// (commands.md): every matching record, one JSON object a line. Page 1 tells the page count; the other pages are
// fetched n at a time and written in page order (at most n pages in memory; a full stdout holds the fetching back).
// With --out the file appears only once complete, and an interrupted export can be resumed (src/cms-bulk/).
import { runExport } from '../../cms-bulk/export.js'
import { maxPageSize } from '../../cms/query.js'
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag, int } from '../options.js'
import { buildCmsQuery, concurrencyFlag, recordFlags, shardFlag } from './query-options.js'

export default defineCommand({
  path: ['cms', 'export'],
  summary: 'Write every matching record as NDJSON (one JSON record a line), to stdout or a file',
  args: { collection: arg('<collection>', 'the collection') },
  options: {
    ...recordFlags,
    pageSize: int('--page-size <n>', `records a request, 1 to ${maxPageSize} (default ${maxPageSize})`, {
      min: 1,
      max: maxPageSize,
    }),
    out: custom(
      '--out <file>',
      'write here instead of stdout; the file appears only once the export is complete',
      nonEmpty('needs a file name'),
    ),
    concurrency: concurrencyFlag('pages fetched at once (and at most held in memory)'),
    resume: flag('--resume', 'continue an interrupted --out export of the same collection and query'),
    shard: shardFlag('only pages i, i+n, i+2n…: the shards 1/n…n/n together are the whole export'),
  },
  examples: [
    'agentry cms export posts --out posts.ndjson --concurrency 8',
    'agentry cms export posts --out posts.ndjson --resume',
    `agentry cms export posts --where 'status = "published"' --order-by createdAt > published.ndjson`,
    'agentry cms export posts --shard 2/4 --out posts-2.ndjson',
  ],
  helpAfter: `
An interrupted --out export keeps <out>.agentry-export.part and <out>.agentry-export.json; run the same command
with --resume to continue it. --shard splits by page number, so every shard must use the same query and page size,
and the collection must not change while the shards run.`,
  run: async (o, ctx) => {
    const q = buildCmsQuery(o, maxPageSize)
    const out = o.out === '-' ? undefined : o.out
    if (o.resume && out === undefined) throw new UsageError('--resume needs --out <file>', 'stdout cannot be continued')
    await runExport(ctx, { collection: o.collection, access: o.access ?? 'cda' }, q, { ...o, out })
  },
})
