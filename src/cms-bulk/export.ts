// `cms export` once its flags are read: page 1 tells the page count, the other pages are fetched n at a time and
// written in page order (./export-pages.ts: at most n pages in memory; a full stdout holds the fetching back). To a
// file, the records go to a part file that can be resumed and is renamed once complete (./export-file.ts).
import type { Context } from '../context.js'
import { writeAll } from '../io/iostreams.js'
import { progressLine } from '../io/progress.js'
import { type Shard, shardLabel } from '../io/shard.js'
import { holdSteadyHeap } from '../io/steady-heap.js'
import { cmsQueryParams } from '../sdk/cms.js'
import { exportLine } from '../cms/import-export.js'
import type { CmsQuery } from '../cms/query.js'
import { ExportFile, type ExportJob } from './export-file.js'
import { type CmsTarget, exportPages } from './export-pages.js'

/** How an export runs. */
export interface ExportOptions {
  /** the file to write; undefined: stdout */
  out: string | undefined
  /** continue the interrupted export of `out` */
  resume: boolean
  /** pages fetched (and held) at once */
  concurrency: number
  shard: Shard | undefined
}

/** Writes every record `q` matches in `target`, one JSON object a line, to `o.out` or stdout. */
export async function runExport(ctx: Context, target: CmsTarget, q: CmsQuery, o: ExportOptions): Promise<void> {
  const { collection, access } = target
  const job: ExportJob = { collection, access, query: cmsQueryParams(q), shard: shardLabel(o.shard) ?? null }
  const file = o.out === undefined ? undefined : await ExportFile.open(o.out, job, o.resume)
  holdSteadyHeap() // pages stream through: keep RSS flat however many records
  const progress = progressLine(ctx, 'exported')
  let total: number | undefined
  let n = file?.records ?? 0
  const pages = exportPages(await ctx.sdk(), target, q, {
    concurrency: o.concurrency,
    shard: o.shard,
    after: file?.after ?? 0,
    onFirst: (p) => {
      if (!o.shard) total = p.pagination?.total
    },
  })
  try {
    for await (const { page, rows } of pages) {
      const text = rows.map(exportLine).join('')
      if (file) await file.writePage(page, text, rows.length)
      else if (text) await writeAll(ctx.io.stdout, text)
      n += rows.length
      progress.update(n, total)
    }
  } catch (err) {
    progress.end()
    await file?.suspend()
    if (file) ctx.info(`export interrupted after ${file.records} records; run it again with --resume to continue`)
    throw err
  }
  progress.end()
  if (file) {
    await file.complete()
    ctx.info(`exported ${n} record${n === 1 ? '' : 's'} of ${collection} to ${o.out}`)
  }
}
