// Shared pieces of the service's bodies: the error body and the pagination object (wire.md, Everywhere; 2.6).
import * as z from 'zod'

/** `{error:{message, code?}}` (wire.md, Everywhere). */
export const errorBodySchema = z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) })

/** The pagination object of lists (service-interface 2.6). */
const paginationSchema = z
  .object({ total: z.number(), page: z.number(), page_count: z.number(), page_size: z.number() })
  .loose()
export type Pagination = z.infer<typeof paginationSchema>

/** A page of a list: `{data:[T], pagination}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema.optional() }).loose()

/** ISO 8601 timestamps, kept as strings. */
export const timestamp = z.string()
