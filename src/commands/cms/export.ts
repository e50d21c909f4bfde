// `agentry cms export <collection> [query options] [--out file.ndjson]` (commands.md): every matching record, one
// JSON object a line, fetched and written page by page (memory stays flat), to stdout or atomically to --out.
import { Command } from 'commander'
import * as z from 'zod'
import { exportLine } from '../../cms/import-export.js'
import { maxPageSize } from '../../cms/query.js'
import type { Context } from '../../context.js'
import { writeAll } from '../../io/iostreams.js'
import { writeAtomically } from '../files/atomic-out.js'
import { examples, parseOptions } from '../shared.js'
import { cmsRows } from './fetch.js'
import { progressLine } from './progress.js'
import { buildCmsQuery, cmsQueryOptionsSchema, withRecordFlags } from './query-options.js'

const exportSchema = cmsQueryOptionsSchema.extend({ out: z.string().min(1, 'needs a file name').optional() })

/** Bytes buffered before a write: one write per ~64 KiB instead of one per record. */
const flushAt = 64 * 1024

/** `cms export`. */
export function exportCommand(ctx: Context): Command {
  const cmd = withRecordFlags(
    new Command('export')
      .description('Write every matching record as NDJSON (one JSON record a line), to stdout or a file')
      .argument('<collection>', 'the collection'),
  )
    .option('--page-size <n>', `records a request (default and maximum ${maxPageSize})`)
    .option('--out <file>', 'write here instead of stdout; the file appears only once the export is complete')
    .action(async (collection: string, raw: unknown) => {
      const o = parseOptions(exportSchema, raw)
      const q = buildCmsQuery(o, maxPageSize)
      const progress = progressLine(ctx, 'exported')
      let total: number | undefined
      const rows = cmsRows(
        await ctx.sdk(),
        { collection, access: o.access },
        { ...q, page: 1 },
        {
          all: true,
          onPage: (p) => {
            total = p.pagination?.total
          },
        },
      )
      const pump = async (write: (s: string) => Promise<void>) => {
        let n = 0
        let buf = ''
        for await (const r of rows) {
          buf += exportLine(r)
          n++
          if (buf.length >= flushAt) {
            await write(buf)
            buf = ''
            progress.update(n, total)
          }
        }
        if (buf) await write(buf)
        return n
      }
      try {
        if (o.out === undefined || o.out === '-') {
          await pump((s) => writeAll(ctx.io.stdout, s))
          return
        }
        const n = await writeAtomically(o.out, (f) => pump((s) => f.write(s)))
        progress.end()
        ctx.info(`exported ${n} record${n === 1 ? '' : 's'} of ${collection} to ${o.out}`)
      } finally {
        progress.end()
      }
    })
  return examples(cmd, [
    'agentry cms export posts --out posts.ndjson',
    `agentry cms export posts --where 'status = "published"' --order-by createdAt > published.ndjson`,
    'agentry cms export posts --access cma --tags release | jq -c .data',
  ])
}
