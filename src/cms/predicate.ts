// Compiles a filter tree into one predicate per query (service-interface 4.7 operator table; wire.md "CMS content").
// Semantics: eq/neq use strict equality, and `eq null` matches a null or missing field; neq and notIn are the exact
// negations of eq and in, so they match missing fields. gt/gte/lt/lte compare two numbers numerically or two strings
// by code unit; any other pairing (missing, null, mixed types) does not match. like/ilike/begins/ends match string
// fields only; ilike lower-cases both sides.
import type { CmsRecord } from '../api/schemas/index.js'
import { fieldGetter } from './fields.js'
import type { Condition, Filter, WhereScalar } from './where.js'

/** A compiled filter. */
export type Predicate = (r: CmsRecord) => boolean

const normal = (v: unknown) => (v === undefined ? null : v)

function orderTest(op: 'gt' | 'gte' | 'lt' | 'lte', c: number | string): (v: unknown) => boolean {
  const kind = typeof c
  switch (op) {
    case 'gt':
      return (v) => typeof v === kind && (v as typeof c) > c
    case 'gte':
      return (v) => typeof v === kind && (v as typeof c) >= c
    case 'lt':
      return (v) => typeof v === kind && (v as typeof c) < c
    case 'lte':
      return (v) => typeof v === kind && (v as typeof c) <= c
  }
}

function valueTest(cond: Condition): (v: unknown) => boolean {
  const { op, value } = cond
  switch (op) {
    case 'eq':
      return (v) => normal(v) === value
    case 'neq':
      return (v) => normal(v) !== value
    case 'in':
    case 'notIn': {
      // A Set for long lists (tens of thousands of records per query); scalars compare by SameValueZero.
      const set = new Set<WhereScalar>(value as WhereScalar[])
      return op === 'in' ? (v) => set.has(normal(v) as WhereScalar) : (v) => !set.has(normal(v) as WhereScalar)
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return orderTest(op, value as number | string)
    case 'like':
      return (v) => typeof v === 'string' && v.includes(value as string)
    case 'ilike': {
      const lower = (value as string).toLowerCase()
      return (v) => typeof v === 'string' && v.toLowerCase().includes(lower)
    }
    case 'begins':
      return (v) => typeof v === 'string' && v.startsWith(value as string)
    case 'ends':
      return (v) => typeof v === 'string' && v.endsWith(value as string)
    default:
      throw new Error(`unknown operator ${JSON.stringify(op)}`)
  }
}

/** Compiles a validated filter tree (whereSchema) into a predicate; an empty `and` is true, an empty `or` false. */
export function compileWhere(f: Filter): Predicate {
  if ('and' in f) {
    const parts = f.and.map(compileWhere)
    return (r) => {
      for (const p of parts) if (!p(r)) return false
      return true
    }
  }
  if ('or' in f) {
    const parts = f.or.map(compileWhere)
    return (r) => {
      for (const p of parts) if (p(r)) return true
      return false
    }
  }
  const get = fieldGetter(f.field)
  const test = valueTest(f)
  return (r) => test(get(r))
}

/** A predicate for the tags filter: the record has every tag named (wire.md). */
export function compileTags(tags: readonly string[]): Predicate {
  return (r) => {
    const own = r.tags ?? []
    return tags.every((t) => own.includes(t))
  }
}
