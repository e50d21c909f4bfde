// Following the interface's pagination object (service-interface 2.6, 4.6): `page` from 1, `limit` a page size.
import type { Pagination } from './schemas/index.js'

/** One page as the service returns it. */
export interface Page<T> {
  data: T[]
  pagination?: Pagination | undefined
}

/** Is there a page after this one? Without a pagination object, a short page is the last. */
export function hasNextPage(page: Page<unknown>, requestedSize: number | undefined): boolean {
  const p = page.pagination
  if (p) return p.page < p.page_count && page.data.length > 0
  return requestedSize !== undefined && page.data.length >= requestedSize && page.data.length > 0
}

/** Yields items page by page, from `start`, until the last page (or `maxPages`). */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  opts: { start?: number; limit?: number; maxPages?: number } = {},
): AsyncGenerator<T> {
  let page = opts.start ?? 1
  for (let n = 0; n < (opts.maxPages ?? Number.POSITIVE_INFINITY); n++, page++) {
    const res = await fetchPage(page)
    yield* res.data
    if (!hasNextPage(res, opts.limit)) return
  }
}
