// One page of a list (service-interface 4.6; wire.md): the answer carries the pagination of 2.6. `page` and `limit`
// come from the list's declared query (src/api/contract/paging.ts, its served view: a limit above 100 is clamped,
// never an error; anything that is not a whole number from 1 is a 400 naming the parameter; ./declared.ts).
import type { Pagination } from '../api/schemas/index.js'

/** A page request. */
export interface PageRequest {
  page: number
  limit: number
}

/** One page of `items` with its pagination object. */
export function pageOf<T>(items: readonly T[], req: PageRequest): { data: T[]; pagination: Pagination } {
  const start = (req.page - 1) * req.limit
  return {
    data: items.slice(start, start + req.limit),
    pagination: {
      total: items.length,
      page: req.page,
      page_count: Math.ceil(items.length / req.limit),
      page_size: req.limit,
    },
  }
}
