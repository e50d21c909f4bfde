// `agentry cms query <collection>` (commands.md): filters, selection, ordering, grouping and aggregates, one page or
// every page with --all. Rows are printed as pages arrive (NDJSON, TSV, JSON array), so memory stays flat.
import { Command } from 'commander'
import { maxPageSize } from '../../cms/query.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import type { Page } from '../../api/pagination.js'
import { aggregateFields, type CmsRow, cmsRows, isAggregate, recordFields } from './fetch.js'
import { buildCmsQuery, cmsQueryOptionsSchema, withQueryFlags } from './query-options.js'

/** Splits an async iterable into its first item and an iterable of all of them (the first included). */
export async function withFirst<T>(items: AsyncIterable<T>): Promise<{ first: T | undefined; all: AsyncIterable<T> }> {
  const it = items[Symbol.asyncIterator]()
  const head = await it.next()
  async function* all(): AsyncGenerator<T> {
    if (head.done) return
    try {
      yield head.value
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value
    } finally {
      await it.return?.()
    }
  }
  return { first: head.done ? undefined : head.value, all: all() }
}

/**
 * Makes a missing collection explain itself when `--count` got a value. `--count [field]` takes an optional value,
 * so commander reads `cms query --count posts` as "count the field posts" and then misses the collection. Commander
 * checks arguments (missingArgument, after the options are parsed) before any hook or action runs, so the check
 * wraps that method; the argument stays `<collection>` so help and the group's listing still say it is required.
 */
function explainCountSwallowingCollection(cmd: Command): Command {
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
  return cmd
}

/** `cms query`. */
export function queryCommand(ctx: Context): Command {
  const cmd = withQueryFlags(
    new Command('query')
      .alias('q')
      .description('Query the records of a collection: filter, select, order, group and aggregate')
      .argument('<collection>', 'the collection, e.g. posts'),
  ).action(async (collection: string, raw: unknown) => {
    const o = parseOptions(cmsQueryOptionsSchema, raw)
    // --all fetches the largest pages the service allows (wire.md: pageSize maximum 100): fewest round trips.
    const q = buildCmsQuery(o, o.all ? maxPageSize : undefined)
    const out = ctx.output()
    let firstPage: readonly CmsRow[] | undefined
    const onPage = (page: Page<CmsRow>) => {
      firstPage ??= page.data
    }
    const rows = cmsRows(await ctx.sdk(), { collection, access: o.access }, q, { all: o.all, onPage })
    if (isAggregate(q)) {
      await out.list(rows, aggregateFields(q))
      return
    }
    // Reading the first row fetches the first page (onPage runs before its rows), whose records decide the columns.
    const { all } = await withFirst(rows)
    await out.list(all, recordFields(q, firstPage ?? []))
  })
  return examples(explainCountSwallowingCollection(cmd), [
    `agentry cms query posts --where 'status = "published" and (views > 100 or featured = true)'`,
    `agentry cms query posts --where 'category in ["news","design"]' --select title,author.name --order-by views:desc`,
    'agentry cms query posts --tags ai,cli --all -o ndjson > posts.ndjson',
    'agentry cms query posts --group-by status --count --sum views',
    'agentry cms query posts --where \'title ilike "agents"\' --page 2 --page-size 50 --json',
    'agentry cms query posts --access cma --where \'status = "draft"\' --count',
  ])
}
