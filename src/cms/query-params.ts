// The wire encoding of a content query (wire.md "CMS content", query parameters): `where` is compact JSON of the
// filter tree; select, groupBy and tags are comma-separated; orderBy is `field:asc|desc`; aggregate is `fn:field`.
import { type Aggregate, type AggregateFn, aggregateFns, type CmsQuery, maxPageSize, type OrderBy } from './query.js'
import type { TextSearch } from './text-search.js'
import { combineAnd, describeWhereIssues, type Filter, isFieldPath, whereIssues } from './where.js'

/** A bad query parameter; `param` names it and the message starts with it (the emulator answers 400). */
export class QueryParamError extends Error {
  readonly param: string
  constructor(param: string, detail: string) {
    super(`${param}: ${detail}`)
    this.name = 'QueryParamError'
    this.param = param
  }
}

function joinItems(param: string, items: readonly string[]): string {
  for (const item of items) {
    if (item.includes(',') || item.trim() !== item || item === '') {
      throw new QueryParamError(param, `${JSON.stringify(item)} cannot be sent in a comma-separated list`)
    }
  }
  return items.join(',')
}

/** Encodes a query as URL parameters; empty lists and absent members are left out. */
export function toSearchParams(q: CmsQuery): URLSearchParams {
  const p = new URLSearchParams()
  const list = (name: string, items: readonly string[] | undefined) => {
    if (items && items.length > 0) p.set(name, joinItems(name, items))
  }
  if (q.where) p.set('where', JSON.stringify(q.where))
  list('select', q.select)
  list(
    'orderBy',
    q.orderBy?.map((o) => `${o.field}:${o.direction}`),
  )
  list('groupBy', q.groupBy)
  list(
    'aggregate',
    q.aggregates?.map((a) => `${a.fn}:${a.field}`),
  )
  list('tags', q.tags)
  if (q.page !== undefined) p.set('page', String(q.page))
  if (q.pageSize !== undefined) p.set('pageSize', String(q.pageSize))
  // the SDK's nlSearch(query, matchThreshold) and withFreshness(timeDecayDays) (wire.md "CMS", search)
  if (q.search) {
    const { text, threshold, freshnessDays } = q.search
    if (text.trim() === '') throw new QueryParamError('nl_query', 'the search text is empty')
    p.set('nl_query', text)
    if (threshold !== undefined) {
      if (!(threshold >= 0 && threshold <= 1)) throw new QueryParamError('match_threshold', 'must be from 0 to 1')
      p.set('match_threshold', String(threshold))
    }
    if (freshnessDays !== undefined) {
      if (!Number.isSafeInteger(freshnessDays) || freshnessDays < 1)
        throw new QueryParamError('time_decay_days', 'must be a whole number of days from 1')
      p.set('time_decay_days', String(freshnessDays))
    }
  }
  return p
}

/** The items of a comma-separated parameter (repeats concatenate); undefined when absent or empty. */
function items(p: URLSearchParams, param: string): string[] | undefined {
  const out: string[] = []
  for (const raw of p.getAll(param)) {
    if (raw.trim() === '') continue
    for (const item of raw.split(',')) {
      const t = item.trim()
      if (t === '') throw new QueryParamError(param, `empty item in ${JSON.stringify(raw)}`)
      out.push(t)
    }
  }
  return out.length > 0 ? out : undefined
}

function field(param: string, f: string, context = f): string {
  if (!isFieldPath(f))
    throw new QueryParamError(param, `${JSON.stringify(context)} is not a field name like author.name`)
  return f
}

function parseWhereParam(p: URLSearchParams): Filter | undefined {
  const trees = p
    .getAll('where')
    .filter((raw) => raw.trim() !== '')
    .map((raw) => {
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch (e) {
        throw new QueryParamError('where', `not valid JSON (${(e as Error).message})`)
      }
      const issues = whereIssues(json)
      if (issues.length > 0) throw new QueryParamError('where', describeWhereIssues(issues))
      return json as Filter
    })
  return combineAnd(trees)
}

function parseOrderBy(item: string): OrderBy {
  const colon = item.lastIndexOf(':')
  if (colon < 0) return { field: field('orderBy', item), direction: 'asc' }
  const dir = item.slice(colon + 1).toLowerCase()
  if (dir !== 'asc' && dir !== 'desc') {
    throw new QueryParamError('orderBy', `direction must be asc or desc, got ${JSON.stringify(dir)} in "${item}"`)
  }
  return { field: field('orderBy', item.slice(0, colon), item), direction: dir }
}

const fnSet: ReadonlySet<string> = new Set(aggregateFns)

function parseAggregate(item: string): Aggregate {
  const colon = item.indexOf(':')
  const fn = colon < 0 ? item : item.slice(0, colon)
  const target = colon < 0 ? '' : item.slice(colon + 1)
  if (!fnSet.has(fn)) {
    throw new QueryParamError(
      'aggregate',
      `unknown function ${JSON.stringify(fn)} in "${item}"; one of ${aggregateFns.join(', ')}`,
    )
  }
  if (fn === 'count' && (target === '' || target === '*')) return { fn, field: '*' }
  if (target === '' || target === '*') throw new QueryParamError('aggregate', `"${fn}" needs a field, like ${fn}:views`)
  return { fn: fn as AggregateFn, field: field('aggregate', target, item) }
}

function positiveInt(p: URLSearchParams, param: string): number | undefined {
  const all = p.getAll(param).filter((v) => v.trim() !== '')
  if (all.length > 1) throw new QueryParamError(param, 'given more than once')
  const raw = all[0]?.trim()
  if (raw === undefined) return undefined
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(n >= 1)) throw new QueryParamError(param, `must be a positive integer, got ${JSON.stringify(raw)}`)
  return n
}

/** Decodes query parameters (the emulator's side); throws QueryParamError naming the bad parameter. */
export function parseQueryParams(params: URLSearchParams | string): CmsQuery {
  const p = typeof params === 'string' ? new URLSearchParams(params) : params
  const q: CmsQuery = {}
  const where = parseWhereParam(p)
  if (where) q.where = where
  const select = items(p, 'select')
  if (select) q.select = select.map((f) => field('select', f))
  const orderBy = items(p, 'orderBy')
  if (orderBy) q.orderBy = orderBy.map(parseOrderBy)
  const groupBy = items(p, 'groupBy')
  if (groupBy) q.groupBy = groupBy.map((f) => field('groupBy', f))
  const aggregates = items(p, 'aggregate')
  if (aggregates) q.aggregates = aggregates.map(parseAggregate)
  const tags = items(p, 'tags')
  if (tags) q.tags = tags
  const page = positiveInt(p, 'page')
  if (page !== undefined) {
    if (!Number.isSafeInteger(page)) throw new QueryParamError('page', `too large: ${page}`)
    q.page = page
  }
  const pageSize = positiveInt(p, 'pageSize')
  // Clamped, never an error (wire.md).
  if (pageSize !== undefined) q.pageSize = Math.min(pageSize, maxPageSize)
  const search = parseSearch(p)
  if (search) {
    if (q.groupBy || q.aggregates) throw new QueryParamError('nl_query', 'cannot be combined with groupBy or aggregate')
    q.search = search
  }
  return q
}

/** `nl_query`, `match_threshold` (0–1) and `time_decay_days` (a whole number from 1); undefined without nl_query. */
function parseSearch(p: URLSearchParams): TextSearch | undefined {
  const text = p.get('nl_query')?.trim() ?? ''
  const threshold = p.get('match_threshold')?.trim()
  const days = positiveInt(p, 'time_decay_days')
  if (text === '') {
    if (threshold || days !== undefined)
      throw new QueryParamError('nl_query', 'is required with match_threshold or time_decay_days')
    return undefined
  }
  const search: TextSearch = { text }
  if (threshold) {
    const n = /^(0|1)(\.\d+)?$|^\.\d+$/.test(threshold) ? Number(threshold) : Number.NaN
    if (!(n >= 0 && n <= 1))
      throw new QueryParamError('match_threshold', `must be a number from 0 to 1, got ${JSON.stringify(threshold)}`)
    search.threshold = n
  }
  if (days !== undefined) search.freshnessDays = days
  return search
}
