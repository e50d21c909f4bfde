// Shared pieces of the service's bodies: the error body and the pagination object (wire.md, Everywhere; 2.6).
import * as z from '../zod.js'

/** `{error:{message, code?}}` (wire.md, Everywhere). */
export const errorBodySchema = z.object({ error: z.object({ message: z.string(), code: z.optional(z.string()) }) })

/** The pagination object of lists (service-interface 2.6). */
const paginationSchema = z.looseObject({
  total: z.number(),
  page: z.number(),
  page_count: z.number(),
  page_size: z.number(),
})
export type Pagination = z.infer<typeof paginationSchema>

/** A page of a list: `{data:[T], pagination}`. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({ data: z.array(item), pagination: z.optional(paginationSchema) })

/** ISO 8601 timestamps, kept as strings. */
export const timestamp = z.string()

/** A JSON value: what a member of a JSON answer can be. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * A member that may hold any JSON value (its type left open by the interface): typed as one, accepted as it is (the
 * body was parsed from JSON, so there is nothing to check, and the generated fast check keeps taking it).
 */
export const jsonValue = z.unknown() as z.ZodMiniType<JsonValue>
