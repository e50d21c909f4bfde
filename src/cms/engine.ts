// The content query engine of the emulator (service-interface 2.6 and 4.7; wire.md "CMS content"): filter, tags,
// grouping and aggregates, multi-key ordering, paging, and field selection. The filter tree is compiled into one
// predicate per query; selection is applied to the returned page only.
import type { CmsRecord, Pagination } from '../api/schemas/index.js'
import { type AggregateRow, aggregateRecords } from './aggregate.js'
import { fieldGetter } from './fields.js'
import { sortByKeys } from './ordering.js'
import { compileTags, compileWhere } from './predicate.js'
import { type CmsQuery, isAggregateQuery, resolvePaging } from './query.js'
import { compileSelect } from './select.js'
import { searchRecords } from './text-search.js'

/** A list result: a page of records (or of aggregate rows) and the pagination object of 2.6. */
export interface CmsQueryResult {
  data: CmsRecord[] | AggregateRow[]
  pagination: Pagination
}

/**
 * Pages `items`: page_count is ceil(total / page_size), and 0 when there is nothing; a page past the end is empty
 * and still reports the page asked for.
 */
function paginate<T>(items: readonly T[], page: number, pageSize: number): { data: T[]; pagination: Pagination } {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`)
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`)
  }
  const total = items.length
  const start = (page - 1) * pageSize
  return {
    data: items.slice(start, start + pageSize),
    pagination: { total, page, page_count: Math.ceil(total / pageSize), page_size: pageSize },
  }
}

function matching(records: readonly CmsRecord[], q: CmsQuery): readonly CmsRecord[] {
  const where = q.where ? compileWhere(q.where) : undefined
  const tags = q.tags && q.tags.length > 0 ? compileTags(q.tags) : undefined
  if (!where && !tags) return records
  return records.filter((r) => (!where || where(r)) && (!tags || tags(r)))
}

/**
 * Runs a validated query (parseQueryParams) over a collection's records, in their stored order.
 * Aggregate queries group by groupBy plus select (the library's groupBy is an alias of select: 4.7) and order rows by
 * their own members (`category`, `views_sum`); with aggregates but no group fields there is one row over all matches.
 * Record queries order by field paths and return `data` reduced to `select` when it is given; a search (`now`: the
 * clock its freshness reads) ranks the matching records by their score instead (./text-search.ts).
 */
export function runQuery(records: readonly CmsRecord[], query: CmsQuery, now = Date.now()): CmsQueryResult {
  const { page, pageSize } = resolvePaging(query)
  const matched = matching(records, query)
  if (query.search) return selected(paginate(searchRecords(matched, query.search, now), page, pageSize), query)
  const orderBy = query.orderBy ?? []
  if (isAggregateQuery(query)) {
    const groupFields = [...new Set([...(query.groupBy ?? []), ...(query.select ?? [])])]
    const rows = aggregateRecords(matched, groupFields, query.aggregates ?? [])
    const keys = orderBy.map((o) => ({
      get: (row: AggregateRow) => (Object.hasOwn(row, o.field) ? row[o.field] : undefined),
      direction: o.direction,
    }))
    return paginate(sortByKeys(rows, keys), page, pageSize)
  }
  const keys = orderBy.map((o) => ({ get: fieldGetter(o.field), direction: o.direction }))
  return selected(paginate(sortByKeys(matched, keys), page, pageSize), query)
}

/** A page of records with `data` reduced to the query's select, when it has one. */
function selected(result: { data: CmsRecord[]; pagination: Pagination }, query: CmsQuery): CmsQueryResult {
  if (!query.select || query.select.length === 0) return result
  const select = compileSelect(query.select)
  return { ...result, data: result.data.map((r) => ({ ...r, data: select(r.data) })) }
}
