// The content query object shared by the builder, the wire encoding and the emulator's engine
// (service-interface 4.7; wire.md "CMS content", query parameters).
import { defaultPageSize, pageSizeRange } from '../api/contract/page-size.js'
import type { TextSearch } from './text-search.js'
import type { Filter } from './where.js'

/** The aggregate functions of service-interface 4.7. */
export const aggregateFns = ['count', 'sum', 'avg', 'min', 'max'] as const
/** One aggregate function. */
export type AggregateFn = (typeof aggregateFns)[number]
/** An aggregate: `fn` over `field`; `count` over `*` counts rows (wire.md `count:*`). */
export interface Aggregate {
  fn: AggregateFn
  field: string
}
/** Sort direction (service-interface 4.7). */
export type SortDirection = 'asc' | 'desc'
/** One sort key. */
export interface OrderBy {
  field: string
  direction: SortDirection
}

/** A content query; absent members mean "none" (page 1, pageSize defaultPageSize when paging is absent). */
export interface CmsQuery {
  where?: Filter
  select?: string[]
  orderBy?: OrderBy[]
  groupBy?: string[]
  aggregates?: Aggregate[]
  tags?: string[]
  page?: number
  pageSize?: number
  /** a natural-language search (delivery access only): records ranked by score, best first, orderBy not used */
  search?: TextSearch
}

/** Largest page size; larger requests are clamped, never an error (wire.md). */
export const maxPageSize = pageSizeRange.max

/** Whether a query asks for grouped rows rather than records: it has aggregates or groupBy (wire.md). */
export function isAggregateQuery(q: CmsQuery): boolean {
  return (q.aggregates?.length ?? 0) > 0 || (q.groupBy?.length ?? 0) > 0
}

/** The member name an aggregate gets in a result row: `count` for `count:*`, else `<field>_<fn>` (wire.md). */
export function aggregateKey(a: Aggregate): string {
  return a.fn === 'count' && a.field === '*' ? 'count' : `${a.field}_${a.fn}`
}

/** The page and clamped page size a query asks for, with the wire.md defaults. */
export function resolvePaging(q: Pick<CmsQuery, 'page' | 'pageSize'>): { page: number; pageSize: number } {
  return { page: q.page ?? 1, pageSize: Math.min(q.pageSize ?? defaultPageSize, maxPageSize) }
}
