// Page ranges of the interface (wire.md "CMS content": `page` from 1, `limit`/`pageSize` at most 100 on every
// list). The CLI's --limit/--page-size and the library read them from here, so nothing out of range is sent.
import * as z from 'zod'
import { maxPageSize } from '../../cms/query.js'

/** The allowed page sizes of every list (`limit`, and `pageSize` of content queries). */
export const pageSizeRange = { min: 1, max: maxPageSize } as const

/** `page` and `limit` of a list. */
export const pageQuery = z.object({
  page: z.number().int().min(1, 'page must be 1 or more').optional(),
  limit: z
    .number()
    .int()
    .min(pageSizeRange.min, `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`)
    .max(pageSizeRange.max, `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`)
    .optional(),
})
/** A list's query. */
export type PageQuery = z.infer<typeof pageQuery>
