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
