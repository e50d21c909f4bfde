// `page` and `limit` of every list endpoint (service-interface 4.6; wire.md): page from 1, limit default 20; a limit
// above 100 is clamped to 100, never an error (wire.md "CMS content", which says the same of every list). Anything
// that is not a whole number from 1 is a 400 that names the parameter. The answer carries the pagination of 2.6.
import type { Pagination } from '../api/schemas/index.js'
import { HttpError } from './types.js'

/** A page request. */
export interface PageRequest {
  page: number
  limit: number
}

function whole(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name)
  if (raw === null || raw === '') return fallback
  const text = raw.trim()
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!(n >= 1)) {
    throw new HttpError(
      400,
      `${name} must be a whole number from 1 (got ${JSON.stringify(raw.slice(0, 40))})`,
      {},
      'invalid_query',
    )
  }
  return Math.min(n, max)
}

/** Reads `page` and `limit` from the query (limit clamped to `maxLimit`); 400 naming the parameter when one is bad. */
export function pageRequest(query: URLSearchParams, defaultLimit = 20, maxLimit = 100): PageRequest {
  return {
    page: whole(query, 'page', 1, Number.MAX_SAFE_INTEGER),
    limit: whole(query, 'limit', defaultLimit, maxLimit),
  }
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
