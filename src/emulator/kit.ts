// The HTTP kit of the route handlers (handlers/*.ts): identifiers, timestamps, list paging with wire.md's clamp
// (./paging.ts), and the not-found, conflict and bad-request answers in one error style (`{error:{message, code}}`).
// Bodies are checked before a handler runs, against the route's contract declaration (./declared.ts).
import { randomBytes } from 'node:crypto'
import type { Pagination } from '../api/schemas/index.js'
import { defaultPageSize, pageSizeRange } from '../api/contract/page-size.js'
import { type PageRequest, pageOf } from './paging.js'
import { type EmuRequest, type HandlerEnv, HttpError } from './types.js'

/** A fresh opaque identifier with a resource prefix (wire.md: identifiers are opaque strings). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`
}

/** The handler clock as an ISO 8601 UTC timestamp (wire.md, Everywhere). */
export function isoNow(env: HandlerEnv): string {
  return new Date(env.now()).toISOString()
}

/** A 404 in the wording of the other handlers: `webhook "whk_1" not found`. */
export function notFound(kind: string, id: string): HttpError {
  return new HttpError(404, `${kind} "${id}" not found`, {}, 'not_found')
}

/** A 409 for a state conflict, e.g. `Webhook is inactive` (service-interface 7). */
export function conflict(message: string, code = 'conflict'): HttpError {
  return new HttpError(409, message, {}, code)
}

/** A 400 whose message names the field (wire.md: validation failures name the field). */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message, {}, 'invalid_body')
}

/** The page a list asks for: `page` and `limit` of its declared query (./declared.ts), limit clamped to 100. */
export function pageAsked(req: EmuRequest): PageRequest {
  const q = (req.queryInput ?? {}) as { page?: number; limit?: number }
  return {
    page: Math.min(q.page ?? 1, Number.MAX_SAFE_INTEGER),
    limit: Math.min(q.limit ?? defaultPageSize, pageSizeRange.max),
  }
}

/** One page of `items` by `?page&limit` as `{data, pagination}` (service-interface 2.6; limit clamped to 100). */
export function listPage<T>(items: readonly T[], req: EmuRequest): { data: T[]; pagination: Pagination } {
  return pageOf(items, pageAsked(req))
}

/** The members a JSON body really sent (PATCH applies only these, never a schema's defaults). */
export function sentFields(req: EmuRequest): Set<string> {
  const b = req.body
  return new Set(typeof b === 'object' && b !== null && !Array.isArray(b) ? Object.keys(b) : [])
}

/** A single header value (Node joins or lists repeated ones; the first is taken). */
export function headerValue(req: EmuRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}
