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
