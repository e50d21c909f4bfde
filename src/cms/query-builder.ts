// A fluent content query builder shaped like the service's own library (service-interface 4.7): where/and/or,
// grouping with openGrouping/andOpenGrouping/orOpenGrouping/closeGrouping, select, groupBy, orderBy, paging,
// aggregates, tags and id. Within a group `and` binds tighter than `or`, as in the `--where` language, so
// `where(a).or(b).and(c)` means a OR (b AND c) and the builder and parseWhere give the same trees.
import {
  type Aggregate,
  type AggregateFn,
  type CmsQuery,
  maxPageSize,
  type OrderBy,
  type SortDirection,
} from './query.js'
import { toSearchParams } from './query-params.js'
import { checkConditionValue, type Filter, isFieldPath, type WhereOperator, type WhereValue } from './where.js'

type Joiner = 'and' | 'or'
interface Frame {
  joiner: Joiner
  items: { joiner: Joiner; filter: Filter }[]
}

/** Builds the tree of one group level: runs joined by `and` become `and` groups, and the runs are `or`ed. */
function buildLevel(items: Frame['items']): Filter | undefined {
  const runs: Filter[][] = []
  items.forEach((item, i) => {
    if (i === 0 || item.joiner === 'or') runs.push([item.filter])
    else runs[runs.length - 1]!.push(item.filter)
  })
  const terms = runs.map((run) => (run.length === 1 ? run[0]! : { and: run }))
  return terms.length <= 1 ? terms[0] : { or: terms }
}

function checkField(field: string): string {
  if (!isFieldPath(field)) throw new TypeError(`${JSON.stringify(field)} is not a field name like author.name`)
  return field
}

function positive(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got ${n}`)
  return n
}

/** The fluent query builder; each method returns the builder. Misuse (bad values, unbalanced groups) throws. */
export class CmsQueryBuilder {
  readonly collection: string
  #id: string | undefined
  #stack: Frame[] = [{ joiner: 'and', items: [] }]
  #query: Omit<CmsQuery, 'where'> = {}

  constructor(collection: string) {
    if (collection === '') throw new TypeError('a collection name is required')
    this.collection = collection
  }

  /** The record id set with id(), for the single-record path. */
  get recordId(): string | undefined {
    return this.#id
  }

  #add(joiner: Joiner, field: string, op: WhereOperator, value: WhereValue): this {
    checkField(field)
    const why = checkConditionValue(op, value)
    if (why) throw new TypeError(`${field}: ${why}`)
    const cond = { field, op, value: Array.isArray(value) ? [...value] : value }
    this.#stack[this.#stack.length - 1]!.items.push({ joiner, filter: cond })
    return this
  }
  /** Adds a condition, joined with AND to what precedes it. */
  where(field: string, op: WhereOperator, value: WhereValue): this {
    return this.#add('and', field, op, value)
  }
  /** Adds a condition joined with AND. */
  and(field: string, op: WhereOperator, value: WhereValue): this {
    return this.#add('and', field, op, value)
  }
  /** Adds a condition joined with OR. */
  or(field: string, op: WhereOperator, value: WhereValue): this {
    return this.#add('or', field, op, value)
  }
  /** Opens a parenthesised group joined with AND. */
  openGrouping(): this {
    return this.andOpenGrouping()
  }
  /** Opens a parenthesised group joined with AND. */
  andOpenGrouping(): this {
    this.#stack.push({ joiner: 'and', items: [] })
    return this
  }
  /** Opens a parenthesised group joined with OR. */
  orOpenGrouping(): this {
    this.#stack.push({ joiner: 'or', items: [] })
    return this
  }
  /** Closes the innermost open group. */
  closeGrouping(): this {
    if (this.#stack.length === 1) throw new Error('closeGrouping() without an open group')
    const frame = this.#stack.pop()!
    const tree = buildLevel(frame.items)
    if (!tree) throw new Error('closeGrouping() of an empty group')
    this.#stack[this.#stack.length - 1]!.items.push({ joiner: frame.joiner, filter: tree })
    return this
  }
  #list<K extends 'select' | 'groupBy' | 'tags'>(key: K, values: string[]): this {
    this.#query[key] = [...(this.#query[key] ?? []), ...values]
    return this
  }
  /** Selects fields, nested names included (`author.name`). */
  select(...fields: string[]): this {
    return this.#list('select', fields.map(checkField))
  }
  /** Groups by fields (used with aggregates). */
  groupBy(...fields: string[]): this {
    return this.#list('groupBy', fields.map(checkField))
  }
  /** Filters by tags: a record must have every tag named. */
  tags(...names: string[]): this {
    return this.#list('tags', names)
  }
  /** Adds a sort key. */
  orderBy(field: string, direction: SortDirection = 'asc'): this {
    if (direction !== 'asc' && direction !== 'desc') throw new TypeError(`direction must be asc or desc`)
    const key: OrderBy = { field: checkField(field), direction }
    this.#query.orderBy = [...(this.#query.orderBy ?? []), key]
    return this
  }
  /** The page to fetch, from 1. */
  page(n: number): this {
    this.#query.page = positive('page', n)
    return this
  }
  /** The page size, 1 to 100 (wire.md: the interface's maximum; the builder never asks for more). */
  pageSize(n: number): this {
    if (positive('pageSize', n) > maxPageSize) throw new RangeError(`pageSize must be 1–${maxPageSize}, got ${n}`)
    this.#query.pageSize = n
    return this
  }
  #aggregate(fn: AggregateFn, field: string): this {
    if (field === '*' && fn !== 'count') throw new TypeError(`${fn}() needs a field`)
    const a: Aggregate = { fn, field: field === '*' ? field : checkField(field) }
    this.#query.aggregates = [...(this.#query.aggregates ?? []), a]
    return this
  }
  /** Counts rows (no field) or non-null values of a field. */
  count(field = '*'): this {
    return this.#aggregate('count', field)
  }
  /** Sums a numeric field (`<field>_sum`). */
  sum(field: string): this {
    return this.#aggregate('sum', field)
  }
  /** Averages a numeric field (`<field>_avg`). */
  avg(field: string): this {
    return this.#aggregate('avg', field)
  }
  /** Smallest value of a field (`<field>_min`). */
  min(field: string): this {
    return this.#aggregate('min', field)
  }
  /** Largest value of a field (`<field>_max`). */
  max(field: string): this {
    return this.#aggregate('max', field)
  }
  /**
   * A natural-language search (the SDK's `nlSearch`; delivery access): the records at least `threshold` similar
   * (0–1, default 0.72), each with a `score`, best first (orderBy is not used).
   */
  nlSearch(text: string, threshold?: number): this {
    if (text.trim() === '') throw new TypeError('nlSearch needs some text')
    if (threshold !== undefined && !(threshold >= 0 && threshold <= 1))
      throw new RangeError(`threshold must be from 0 to 1, got ${threshold}`)
    this.#query.search = { ...this.#query.search, text, ...(threshold !== undefined ? { threshold } : {}) }
    return this
  }
  /** With nlSearch: favours recent records, the freshness part of the score halving every `days` (SDK's withFreshness). */
  withFreshness(days: number): this {
    if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`days must be a whole number from 1, got ${days}`)
    if (this.#query.search === undefined) throw new TypeError('withFreshness() needs nlSearch() first')
    this.#query.search = { ...this.#query.search, freshnessDays: days }
    return this
  }
  /** Addresses a single record. */
  id(id: string): this {
    if (id === '') throw new TypeError('id must not be empty')
    this.#id = id
    return this
  }
  /** The query object; throws if a group is still open. */
  toQuery(): CmsQuery {
    if (this.#stack.length > 1) throw new Error(`${this.#stack.length - 1} group(s) opened and not closed`)
    const where = buildLevel(this.#stack[0]!.items)
    const q = structuredClone(this.#query)
    return where ? { where: structuredClone(where), ...q } : q
  }
  /** The query as wire parameters (wire.md "CMS content"). */
  toParams(): URLSearchParams {
    return toSearchParams(this.toQuery())
  }
}

/** Starts a query on a collection (the library's `from`). */
export function query(collection: string): CmsQueryBuilder {
  return new CmsQueryBuilder(collection)
}
