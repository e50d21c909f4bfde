// Field paths of content records (service-interface 4.7: nested names such as `author.name`).
import type { CmsRecord } from '../api/schemas/index.js'
import { metaName } from '../api/shapes.js'

/**
 * Record members a path may name when `data` has no member of that name (wire.md: a record's own members). Meta
 * spelt in snake_case (`updated_at`, as the official SDK's examples write it) names the same member as its camelCase
 * name (../api/shapes.ts), so both sort and filter alike.
 */
const recordMembers: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt', 'tags'])

/** Follows path segments through objects (own members only) and arrays (numeric segments); undefined if missing. */
export function walkPath(start: unknown, segments: readonly string[], from = 0): unknown {
  let cur = start
  for (let i = from; i < segments.length; i++) {
    if (typeof cur !== 'object' || cur === null) return undefined
    const seg = segments[i]!
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return undefined
      cur = cur[Number(seg)]
    } else if (Object.hasOwn(cur, seg)) cur = (cur as Record<string, unknown>)[seg]
    else return undefined
  }
  return cur
}

/**
 * Compiles a dotted path into a getter: it reads `data` first; a first segment of `id`, `createdAt`, `updatedAt`,
 * `publishedAt` or `tags` that `data` lacks reads the record's own member. Undefined means missing.
 */
export function fieldGetter(path: string): (r: CmsRecord) => unknown {
  const segments = path.split('.')
  const head = segments[0]!
  const own = metaName(head)
  const meta = recordMembers.has(own)
  return (r) => {
    if (Object.hasOwn(r.data, head)) return walkPath(r.data[head], segments, 1)
    return meta ? walkPath((r as Record<string, unknown>)[own], segments, 1) : undefined
  }
}
