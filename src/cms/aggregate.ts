// Grouping and aggregates (service-interface 2.6 and 4.7; wire.md `aggregate`). Rows carry the grouped fields under
// their dotted names (missing as null) plus `count` for count:* and `<field>_<fn>` otherwise. count:field counts
// non-null values; sum and avg use numbers only (null when there are none); min and max use numbers when any are
// present, else strings, else null. Groups come in the order their first record appears.
import type { CmsRecord } from '../api/schemas/index.js'
import { fieldGetter } from './fields.js'
import { type Aggregate, aggregateKey } from './query.js'

/** One result row of an aggregate query. */
export type AggregateRow = Record<string, unknown>

interface Acc {
  n: number
  nonNull: number
  sum: number
  nums: number
  numMin: number
  numMax: number
  strMin: string | undefined
  strMax: string | undefined
}

const fresh = (): Acc => ({
  n: 0,
  nonNull: 0,
  sum: 0,
  nums: 0,
  numMin: Number.POSITIVE_INFINITY,
  numMax: Number.NEGATIVE_INFINITY,
  strMin: undefined,
  strMax: undefined,
})

function add(acc: Acc, v: unknown): void {
  acc.n++
  if (v === null || v === undefined) return
  acc.nonNull++
  if (typeof v === 'number') {
    acc.sum += v
    acc.nums++
    if (v < acc.numMin) acc.numMin = v
    if (v > acc.numMax) acc.numMax = v
  } else if (typeof v === 'string') {
    if (acc.strMin === undefined || v < acc.strMin) acc.strMin = v
    if (acc.strMax === undefined || v > acc.strMax) acc.strMax = v
  }
}

function result(a: Aggregate, acc: Acc): unknown {
  switch (a.fn) {
    case 'count':
      return a.field === '*' ? acc.n : acc.nonNull
    case 'sum':
      return acc.nums > 0 ? acc.sum : null
    case 'avg':
      return acc.nums > 0 ? acc.sum / acc.nums : null
    case 'min':
      return acc.nums > 0 ? acc.numMin : (acc.strMin ?? null)
    case 'max':
      return acc.nums > 0 ? acc.numMax : (acc.strMax ?? null)
  }
}

function setMember(row: AggregateRow, key: string, value: unknown): void {
  // defineProperty: a field may be named `__proto__`.
  Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Groups records by `groupFields` and computes the aggregates; without group fields, one row over all records. */
export function aggregateRecords(
  records: readonly CmsRecord[],
  groupFields: readonly string[],
  aggregates: readonly Aggregate[],
): AggregateRow[] {
  const groupGetters = groupFields.map(fieldGetter)
  const aggGetters = aggregates.map((a) => (a.field === '*' ? () => true : fieldGetter(a.field)))
  const groups = new Map<string, { keys: unknown[]; accs: Acc[] }>()
  if (groupFields.length === 0) groups.set('', { keys: [], accs: aggregates.map(fresh) })
  for (const r of records) {
    const keys = groupGetters.map((g) => g(r) ?? null)
    const id = groupFields.length === 0 ? '' : JSON.stringify(keys)
    let g = groups.get(id)
    if (!g) {
      g = { keys, accs: aggregates.map(fresh) }
      groups.set(id, g)
    }
    for (let i = 0; i < aggregates.length; i++) add(g.accs[i]!, aggGetters[i]!(r))
  }
  return [...groups.values()].map((g) => {
    const row: AggregateRow = {}
    groupFields.forEach((f, i) => {
      setMember(row, f, g.keys[i])
    })
    aggregates.forEach((a, i) => {
      setMember(row, aggregateKey(a), result(a, g.accs[i]!))
    })
    return row
  })
}
