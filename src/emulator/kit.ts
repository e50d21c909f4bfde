// The HTTP kit of the route handlers (handlers/*.ts): identifiers, timestamps, list paging with wire.md's clamp
// (./paging.ts), strict body validation with the shared zod schemas in one error style (`{error:{message, code}}`,
// a 400 that names the field; ./body.ts), and the not-found and conflict answers.
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Pagination } from '../api/schemas/index.js'
import { validate } from './body.js'
import { pageOf, pageRequest } from './paging.js'
import { type EmuRequest, type HandlerEnv, HttpError } from './types.js'

/** Page size of lists when `limit` is absent, and the largest one (wire.md: larger values are clamped). */
const listDefaults = { limit: 20, maxLimit: 100 } as const

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

/** One page of `items` by `?page&limit` as `{data, pagination}` (service-interface 2.6; limit clamped to 100). */
export function listPage<T>(items: readonly T[], query: URLSearchParams): { data: T[]; pagination: Pagination } {
  return pageOf(items, pageRequest(query, listDefaults.limit, listDefaults.maxLimit))
}

/** One zod issue as a sentence naming the field (the one error style lives in ./body.ts). */

/** Validates a JSON object body with a shared schema; the first failure is a 400 naming the field (./body.ts). */
export function bodyOf<S extends z.ZodType>(schema: S, req: EmuRequest): z.infer<S> {
  if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) {
    throw badRequest('body must be a JSON object')
  }
  return validate(schema, req.body, req.rawBody.length)
}

/** The members a JSON body really sent (PATCH applies only these, never a schema's defaults). */
export function sentFields(req: EmuRequest): Set<string> {
  const b = req.body
  return new Set(typeof b === 'object' && b !== null && !Array.isArray(b) ? Object.keys(b) : [])
}

/** The fields of `body` that `allowed` does not name, for "unknown field" errors. */
function unknownFields(body: unknown, allowed: readonly string[]): string[] {
  if (typeof body !== 'object' || body === null) return []
  return Object.keys(body).filter((k) => !allowed.includes(k))
}

/** Rejects unknown fields with a 400 naming them (wire.md: validation failures name the field). */
export function rejectUnknownFields(body: unknown, allowed: readonly string[], where?: string): void {
  const extra = unknownFields(body, allowed)
  if (extra.length > 0) {
    const list = extra.map((k) => JSON.stringify(k)).join(', ')
    const message = `unknown field${extra.length > 1 ? 's' : ''} ${list}; allowed: ${allowed.join(', ')}`
    throw badRequest(where === undefined ? message : `${where}: ${message}`)
  }
}

/** A single header value (Node joins or lists repeated ones; the first is taken). */
export function headerValue(req: EmuRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}
