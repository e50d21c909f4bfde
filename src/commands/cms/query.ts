// `agentry cms query <collection>` (commands.md): filters, selection, ordering, grouping and aggregates, one page or
// every page with --all. Rows are printed as pages arrive (NDJSON, TSV, JSON array), so memory stays flat.
import type { Command } from 'commander'
import { maxPageSize } from '../../cms/query.js'
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import type { CmsRow } from '../../sdk/cms.js'
import { aggregateFields, isAggregate, recordFields } from './fields.js'
import { checkQueryFields } from './known-fields.js'
import { buildCmsQuery, queryFlags } from './query-options.js'

/**
 * Makes a missing collection explain itself when `--count` got a value. `--count [field]` takes an optional value,
 * so commander reads `cms query --count posts` as "count the field posts" and then misses the collection. Commander
 * checks arguments (missingArgument, after the options are parsed) before any hook or action runs, so the check
 * wraps that method; the argument stays `<collection>` so help and the group's listing still say it is required.
 */
function explainCountSwallowingCollection(cmd: Command): void {
  const target = cmd as unknown as { missingArgument(name: string): void }
  const missing = target.missingArgument.bind(cmd)
  target.missingArgument = (name) => {
    const count: unknown = cmd.opts().count
    if (typeof count === 'string')
      throw new UsageError(
        `missing the collection: --count takes an optional field, so "${count}" was read as the field to count`,
        `write \`agentry cms query ${count} --count\` to count rows, or \`agentry cms query --count <field> ${count}\``,
      )
    missing(name)
  }
}

export default defineCommand({
  path: ['cms', 'query'],
  aliases: ['q'],
  summary: 'Query the records of a collection: filter, select, order, group and aggregate',
  args: { collection: arg('<collection>', 'the collection, e.g. posts') },
  options: queryFlags,
  examples: [
    `agentry cms query posts --where 'status = "published" and (views > 100 or featured = true)'`,
    `agentry cms query posts --where 'category in ["news","design"]' --select title,author.name --order-by views:desc`,
    'agentry cms query posts --tags ai,cli --all -o ndjson > posts.ndjson',
    'agentry cms query posts --group-by status --count --sum views',
    'agentry cms query posts --where \'title ilike "agents"\' --page 2 --page-size 50 --json',
    'agentry cms query posts --access cma --where \'status = "draft"\' --count',
  ],
  // commander checks the arguments before any hook or action runs: see explainCountSwallowingCollection
  commander: explainCountSwallowingCollection,
  run: async (o, ctx) => {
    // --all fetches the largest pages the service allows (wire.md: pageSize maximum 100): fewest round trips.
    const q = buildCmsQuery(o, o.all ? maxPageSize : undefined)
    const sdk = await ctx.sdk()
    const target = { collection: o.collection, access: o.access ?? 'cda' } as const
    const rows = sdk.cms.query(target, q)
    // printed as every list is (the "2 of 5 — use --all" note, "no records" on a terminal); the columns of records
    // come from the first page's records (fetch.ts), which first shows whether a field it names is misspelt
    const columns = async (firstPage: readonly CmsRow[]) => {
      await checkQueryFields(sdk, target, q, firstPage)
      return isAggregate(q) ? aggregateFields(q) : recordFields(q, firstPage)
    }
    await printList(ctx, rows, o, columns, isAggregate(q) ? 'rows' : 'records')
  },
})
