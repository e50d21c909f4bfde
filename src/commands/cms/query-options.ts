// The query flags of `cms query` and `cms export` (commands.md), parsed into a CmsQuery (src/cms/query.ts) that
// toSearchParams encodes for the wire (wire.md "CMS content", query parameters). Every problem is a usage error
// (exit 2) naming the flag; --where errors carry the parser's caret line.
import { pageSizeRange } from '../../api/contract/page-size.js'
import type { Aggregate, AggregateFn, CmsQuery, OrderBy } from '../../cms/query.js'
import { parseWhere, WhereSyntaxError } from '../../cms/where-parser.js'
import { combineAnd, isFieldPath } from '../../cms/where.js'
import { UsageError } from '../../errors.js'
import { parseShard } from '../../io/shard.js'
import { choice, custom, flag, int, list, type OptionSpec } from '../options.js'

/** `--count [field]`: true (count rows) or the field whose non-null values are counted. */
const countOption: OptionSpec<true | string | undefined> = {
  flags: '--count [field]',
  help: 'count rows (or non-null values of a field) per group; put it after <collection>',
  parse: (raw) => (raw === undefined || raw === false ? undefined : raw === true ? true : String(raw)),
}

/** The record-selecting flags shared by `query` and `export`: where, select, order, tags, access. */
export const recordFlags = {
  where: list('-w, --where <expr>', 'filter, e.g. \'status = "published" and views > 100\' (repeatable: ANDed)'),
  select: list('--select <fields>', 'only these data fields, comma-separated (nested: author.name)'),
  orderBy: list('--order-by <field[:asc|desc]>', 'sort key; repeatable or comma-separated'),
  tags: list('--tags <a,b>', 'only records that have every one of these tags'),
  access: choice('--access <access>', 'delivery (cda) or management (cma) access', ['cda', 'cma']),
}

/** The flags of `query`: the record flags, aggregates and paging. */
export const queryFlags = {
  ...recordFlags,
  groupBy: list('--group-by <fields>', 'group rows by these fields (with aggregates)'),
  count: countOption,
  sum: list('--sum <field>', 'sum of a numeric field (repeatable)'),
  avg: list('--avg <field>', 'average of a numeric field (repeatable)'),
  min: list('--min <field>', 'smallest value of a field (repeatable)'),
  max: list('--max <field>', 'largest value of a field (repeatable)'),
  page: int('--page <n>', 'page number, from 1', { min: 1 }),
  // in the interface's range (wire.md "CMS content": at most 100)
  pageSize: int('--page-size <n>', `rows a page, ${pageSizeRange.min} to ${pageSizeRange.max}`, pageSizeRange),
  limit: int('--limit <n>', 'same as --page-size', pageSizeRange),
  all: { ...flag('--all', 'follow every page, printing rows as pages arrive'), conflicts: ['page'] },
}

/** `--concurrency <n>` of export and import: 1 to 64, default 4. */
export const concurrencyFlag = (what: string) =>
  int('--concurrency <n>', `${what}, 1 to 64 (default 4)`, { min: 1, max: 64, default: 4 })

/** `--shard <i/n>` of export and import (src/io/shard.ts). */
export const shardFlag = (help: string) => custom('--shard <i/n>', help, (value, flag) => parseShard(value, flag))

/** The query flags buildCmsQuery reads (export has only the record flags and --page-size). */
interface CmsQueryOptions {
  where: readonly string[]
  select: readonly string[]
  orderBy: readonly string[]
  tags: readonly string[]
  groupBy?: readonly string[]
  count?: true | string | undefined
  sum?: readonly string[]
  avg?: readonly string[]
  min?: readonly string[]
  max?: readonly string[]
  page?: number | undefined
  pageSize?: number | undefined
  limit?: number | undefined
}

/** Splits comma-separated flag values into trimmed items, each checked as a field path. */
function fields(flag: string, values: readonly string[]): string[] {
  return splitItems(flag, values).map((f) => {
    if (!isFieldPath(f))
      throw new UsageError(`${flag}: ${JSON.stringify(f)} is not a field name like title or author.name`)
    return f
  })
}

function splitItems(flag: string, values: readonly string[]): string[] {
  const out: string[] = []
  for (const v of values)
    for (const item of v.split(',')) {
      const t = item.trim()
      if (t === '') throw new UsageError(`${flag}: empty item in ${JSON.stringify(v)}`, `e.g. ${flag} a,b`)
      out.push(t)
    }
  return out
}

function orderBy(values: readonly string[]): OrderBy[] {
  return splitItems('--order-by', values).map((item) => {
    const m = /^(.*?)(?::(\w+))?$/.exec(item)!
    const field = m[1]!.trim()
    const dir = (m[2] ?? 'asc').toLowerCase()
    if (dir !== 'asc' && dir !== 'desc')
      throw new UsageError(`--order-by: direction must be asc or desc, got ${JSON.stringify(m[2])} in "${item}"`)
    if (!isFieldPath(field)) throw new UsageError(`--order-by: ${JSON.stringify(item)} is not field[:asc|desc]`)
    return { field, direction: dir }
  })
}

function aggregates(o: CmsQueryOptions): Aggregate[] {
  const out: Aggregate[] = []
  if (typeof o.count === 'string' && o.count !== '*') {
    const f = fields('--count', [o.count])
    if (f.length !== 1) throw new UsageError(`--count takes one field, got ${JSON.stringify(o.count)}`)
    out.push({ fn: 'count', field: f[0]! })
  } else if (o.count) out.push({ fn: 'count', field: '*' })
  for (const fn of ['sum', 'avg', 'min', 'max'] as const satisfies AggregateFn[])
    for (const field of fields(`--${fn}`, o[fn] ?? [])) out.push({ fn, field })
  return out
}

/** The where tree of every --where flag, ANDed (a syntax error names `--where #n` when there are several). */
function whereOf(values: readonly string[]): CmsQuery['where'] {
  const trees = values.map((v, i) => {
    try {
      return parseWhere(v, { label: values.length > 1 ? `--where #${i + 1}` : '--where' })
    } catch (err) {
      if (err instanceof WhereSyntaxError) throw new UsageError(alignCaret(err.message))
      throw err
    }
  })
  return combineAnd(trees)
}

/** The error printer puts `error: ` before the first line only, so the caret line is moved right to match. */
function alignCaret(message: string, prefix = 'error: '): string {
  const [first, ...rest] = message.split('\n')
  return [first, ...rest.map((l) => ' '.repeat(prefix.length) + l)].join('\n')
}

/** Builds the CmsQuery of the flags; `defaultPageSize` applies when none is given (100 with --all). */
export function buildCmsQuery(o: CmsQueryOptions, defaultPageSize?: number): CmsQuery {
  if (o.pageSize !== undefined && o.limit !== undefined && o.pageSize !== o.limit)
    throw new UsageError('--page-size and --limit are the same setting; give one of them')
  const q: CmsQuery = {}
  const where = whereOf(o.where)
  if (where) q.where = where
  const select = fields('--select', o.select)
  if (select.length) q.select = select
  const order = orderBy(o.orderBy)
  if (order.length) q.orderBy = order
  const groupBy = fields('--group-by', o.groupBy ?? [])
  if (groupBy.length) q.groupBy = groupBy
  const aggs = aggregates(o)
  if (aggs.length) q.aggregates = aggs
  const tags = splitItems('--tags', o.tags)
  if (tags.length) q.tags = tags
  if (o.page !== undefined) q.page = o.page
  const size = o.pageSize ?? o.limit ?? defaultPageSize
  if (size !== undefined) q.pageSize = size
  return q
}
