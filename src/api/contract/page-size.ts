// The page sizes the interface allows on every list (wire.md "CMS content": `limit`/`pageSize` at most 100, clamped
// by the service). Kept free of zod so that flag declarations (--limit, --page-size) can read the range without
// loading any schema; contract/paging.ts builds the query schema from it.

/** The allowed page sizes of every list (`limit`, and `pageSize` of content queries; larger is clamped, wire.md). */
export const pageSizeRange = { min: 1, max: 100 } as const

/**
 * The page size the service uses when a request sends none (wire.md "CMS content": default 20), beside the range.
 * The CLI's lists and the library's send none unless asked (`--limit`, `{limit}`, `pageSize`), so the service's
 * default applies; the emulator's lists and the CMS engine use this one setting for it.
 */
export const defaultPageSize = 20
