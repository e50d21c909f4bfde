// Page ranges of the interface (wire.md "CMS content": `page` from 1, `limit`/`pageSize` at most 100 on every
// list). The CLI's --limit/--page-size and the library read them from here, so nothing out of range is sent.
import * as z from '../zod.js'
import { pageSizeRange } from './page-size.js'

/** `page` and `limit` of a list. */
export const pageQuery = z.object({
  page: z.optional(z.int().check(z.gte(1, 'page must be 1 or more'))),
  limit: z.optional(
    z
      .int()
      .check(z.gte(pageSizeRange.min, `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`))
      .check(z.lte(pageSizeRange.max, `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`)),
  ),
})
/** A list's query. */
export type PageQuery = z.infer<typeof pageQuery>

/**
 * A paging member as the service reads it off the wire (text): digits for a whole number from 1, trimmed; empty is
 * absent. No upper bound: the service clamps a larger value to the range, never refuses it (wire.md "CMS content"),
 * however many digits it has (so not text/whole-number.ts, which refuses unsafe integers).
 */
const wholeOnWire = (name: string) =>
  z.pipe(
    z.string(),
    z.transform((raw, c) => {
      const text = raw.trim()
      if (text === '') return undefined
      const n = /^\d+$/.test(text) ? Number(text) : Number.NaN
      if (n >= 1) return n
      const message = `${name} must be a whole number from 1 (got ${JSON.stringify(raw.slice(0, 40))})`
      c.issues.push({ code: 'custom', message, input: raw })
      return z.NEVER
    }),
  )

/**
 * What the service takes of a list's query: the client's query with its paging members (those of pageQuery) read as
 * text without an upper bound (Endpoint.served; the emulator clamps `limit`). Other members are taken as declared.
 */
function servedQueryOf<S extends z.ZodMiniObject>(query: S) {
  const shape: Record<string, z.core.$ZodType> = { ...query.shape }
  for (const key of Object.keys(pageQuery.shape)) if (key in shape) shape[key] = z.optional(wholeOnWire(key))
  return z.object(shape)
}

/** A list's declaration: its query (paging unless given), the served view of it, and the schema of one item. */
export function listOf<I extends z.ZodMiniType, Q extends z.ZodMiniObject = typeof pageQuery>(item: I, query?: Q) {
  const q = (query ?? pageQuery) as Q
  const served = z.lazySchema(() => servedQueryOf(q)) // built only by the emulator: the client never reads it
  return {
    query: q,
    item,
    served: {
      get query() {
        return served()
      },
    },
  }
}
