// A deliberately naive reference evaluator of content queries, written apart from src/cms/engine.ts so the property
// test can check the engine against it. Plain loops, no compilation, no Maps or Sets, insertion sort.
import type { CmsRecord } from '../../src/api/schemas/index.js'
import type { CmsQuery } from '../../src/cms/query.js'
import type { Filter } from '../../src/cms/where.js'

const own = (o: object, k: string) => Object.hasOwn(o, k)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Follows the remaining segments through objects and arrays. */
function follow(cur: unknown, segs: string[]): unknown {
  for (const s of segs) {
    if (Array.isArray(cur) && /^\d+$/.test(s)) cur = cur[Number(s)]
    else if (isObject(cur) && own(cur, s)) cur = cur[s]
    else return undefined
  }
  return cur
}

/** data first; id/createdAt/updatedAt/tags from the record when data lacks them. */
function refGet(r: CmsRecord, path: string): unknown {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  if (own(r.data, head)) return follow(r.data[head], rest)
  if (['id', 'createdAt', 'updatedAt', 'tags'].includes(head)) return follow((r as Record<string, unknown>)[head], rest)
  return undefined
}

function isNothing(v: unknown): boolean {
  return v === null || v === undefined
}

/** Whether a record matches a filter. */
function refMatches(r: CmsRecord, f: Filter): boolean {
  if ('and' in f) return f.and.every((c) => refMatches(r, c))
  if ('or' in f) return f.or.some((c) => refMatches(r, c))
  const v = refGet(r, f.field)
  const c = f.value
  const equal = (x: unknown) => (x === null ? isNothing(v) : v === x)
  const sameKind = (typeof v === 'number' && typeof c === 'number') || (typeof v === 'string' && typeof c === 'string')
  const str = typeof v === 'string' ? v : undefined
  const cs = String(c)
  switch (f.op) {
    case 'eq':
      return equal(c)
    case 'neq':
      return !equal(c)
    case 'in':
      return (c as unknown[]).some(equal)
    case 'notIn':
      return !(c as unknown[]).some(equal)
    case 'gt':
      return sameKind && (v as number) > (c as number)
    case 'gte':
      return sameKind && (v as number) >= (c as number)
    case 'lt':
      return sameKind && (v as number) < (c as number)
    case 'lte':
      return sameKind && (v as number) <= (c as number)
    case 'like':
      return str !== undefined && str.indexOf(cs) >= 0
    case 'ilike':
      return str !== undefined && str.toLowerCase().indexOf(cs.toLowerCase()) >= 0
    case 'begins':
      return str !== undefined && str.slice(0, cs.length) === cs
    case 'ends':
      return str !== undefined && str.length >= cs.length && str.slice(str.length - cs.length) === cs
  }
}

const kinds = ['number', 'string', 'boolean', 'object', 'nothing']
function kindOf(v: unknown): number {
  if (isNothing(v)) return kinds.indexOf('nothing')
  return kinds.includes(typeof v) ? kinds.indexOf(typeof v) : kinds.indexOf('object')
}
/** Ascending comparison: numbers, strings, booleans, objects, then null/missing. */
function refCompare(a: unknown, b: unknown): number {
  if (kindOf(a) !== kindOf(b)) return kindOf(a) < kindOf(b) ? -1 : 1
  if (typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean') {
    if (a === b) return 0
    return (a as number) < (b as number) ? -1 : 1
  }
  return 0
}

function insertionSort<T>(items: T[], before: (x: T, y: T) => boolean): T[] {
  const out: T[] = []
  for (const item of items) {
    let at = out.length
    while (at > 0 && before(item, out[at - 1]!)) at--
    out.splice(at, 0, item)
  }
  return out
}

function sortItems<T>(items: T[], q: CmsQuery, get: (item: T, field: string) => unknown): T[] {
  const keys = q.orderBy ?? []
  const cmp = (x: T, y: T) => {
    for (const k of keys) {
      const c = refCompare(get(x, k.field), get(y, k.field))
      if (c !== 0) return k.direction === 'desc' ? -c : c
    }
    return 0
  }
  return insertionSort(items, (x, y) => cmp(x, y) < 0)
}

function selectData(data: Record<string, unknown>, paths: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of paths) {
    const covered = paths.some((q) => p.startsWith(`${q}.`))
    const value = follow(data, p.split('.'))
    if (covered || value === undefined) continue
    const segs = p.split('.')
    let target = out
    for (const s of segs.slice(0, -1)) {
      if (!isObject(target[s])) target[s] = {}
      target = target[s] as Record<string, unknown>
    }
    target[segs[segs.length - 1]!] = value
  }
  return out
}

function aggregateRows(matched: CmsRecord[], q: CmsQuery): Record<string, unknown>[] {
  const fields: string[] = []
  for (const f of [...(q.groupBy ?? []), ...(q.select ?? [])]) if (!fields.includes(f)) fields.push(f)
  const groups: { keys: unknown[]; members: CmsRecord[] }[] = []
  if (fields.length === 0) groups.push({ keys: [], members: [] })
  for (const r of matched) {
    const keys = fields.map((f) => refGet(r, f) ?? null)
    let g = groups.find((x) => JSON.stringify(x.keys) === JSON.stringify(keys))
    if (!g) {
      g = { keys, members: [] }
      groups.push(g)
    }
    g.members.push(r)
  }
  return groups.map((g) => {
    const row: Record<string, unknown> = {}
    fields.forEach((f, i) => {
      row[f] = g.keys[i]
    })
    for (const a of q.aggregates ?? []) {
      const values = a.field === '*' ? [] : g.members.map((r) => refGet(r, a.field))
      const nums = values.filter((v): v is number => typeof v === 'number')
      const strs = values.filter((v): v is string => typeof v === 'string')
      // First of equal values wins (Math.min would also work for numbers, not for strings).
      const pick = <T>(xs: T[], better: (x: T, m: T) => boolean) => {
        let m = xs[0] as T
        for (const x of xs) if (better(x, m)) m = x
        return m
      }
      const smallest = <T>(xs: T[]) => pick(xs, (x, m) => x < m)
      const largest = <T>(xs: T[]) => pick(xs, (x, m) => x > m)
      const sum = nums.reduce((s, x) => s + x, 0)
      let out: unknown
      if (a.fn === 'count') out = a.field === '*' ? g.members.length : values.filter((v) => !isNothing(v)).length
      if (a.fn === 'sum') out = nums.length > 0 ? sum : null
      if (a.fn === 'avg') out = nums.length > 0 ? sum / nums.length : null
      if (a.fn === 'min') out = nums.length > 0 ? smallest(nums) : strs.length > 0 ? smallest(strs) : null
      if (a.fn === 'max') out = nums.length > 0 ? largest(nums) : strs.length > 0 ? largest(strs) : null
      row[a.fn === 'count' && a.field === '*' ? 'count' : `${a.field}_${a.fn}`] = out
    }
    return row
  })
}

/** The reference result of a query. */
export function referenceQuery(records: CmsRecord[], q: CmsQuery) {
  const matched = records.filter(
    (r) => (!q.where || refMatches(r, q.where)) && (q.tags ?? []).every((t) => (r.tags ?? []).includes(t)),
  )
  const page = q.page ?? 1
  const size = Math.min(q.pageSize ?? 20, 100)
  const aggregate = (q.aggregates ?? []).length > 0 || (q.groupBy ?? []).length > 0
  let items: unknown[]
  if (aggregate) {
    items = sortItems(aggregateRows(matched, q), q, (row, f) => (own(row, f) ? row[f] : undefined))
  } else {
    items = sortItems(matched, q, refGet)
  }
  const data: unknown[] = []
  for (let i = (page - 1) * size; i < page * size && i < items.length; i++) data.push(items[i])
  const total = items.length
  const selected =
    !aggregate && q.select && q.select.length > 0
      ? (data as CmsRecord[]).map((r) => ({ ...r, data: selectData(r.data, q.select!) }))
      : data
  return {
    data: selected,
    pagination: { total, page, page_count: total === 0 ? 0 : Math.floor((total - 1) / size) + 1, page_size: size },
  }
}
