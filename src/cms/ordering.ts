// Ordering of query results (service-interface 4.7 `orderBy(field, direction)`). Ascending order puts numbers
// first (numerically), then strings (by code unit), then booleans (false first), then objects and arrays (all equal),
// then null and missing last. Descending is the exact reverse, so null and missing come first, as in SQL's default.
// Ties keep the input order (stable).
import type { SortDirection } from './query.js'

function rank(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return 0
    case 'string':
      return 1
    case 'boolean':
      return 2
    default:
      return v === null || v === undefined ? 4 : 3
  }
}

/** Compares two field values in ascending order (negative, zero or positive). */
function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a)
  const rb = rank(b)
  if (ra !== rb) return ra - rb
  if (ra > 2) return 0
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0
}

/** One sort key: how to read the value and which way. */
export interface SortKey<T> {
  get: (item: T) => unknown
  direction: SortDirection
}

/** Sorts by several keys, each value read once per item; stable. Returns a new array. */
export function sortByKeys<T>(items: readonly T[], keys: readonly SortKey<T>[]): T[] {
  if (keys.length === 0) return [...items]
  const values = items.map((item) => keys.map((k) => k.get(item)))
  const signs = keys.map((k) => (k.direction === 'desc' ? -1 : 1))
  const order = items.map((_, i) => i)
  order.sort((x, y) => {
    const vx = values[x]!
    const vy = values[y]!
    for (let k = 0; k < signs.length; k++) {
      const c = compareValues(vx[k], vy[k])
      if (c !== 0) return c * signs[k]!
    }
    return x - y
  })
  return order.map((i) => items[i]!)
}
