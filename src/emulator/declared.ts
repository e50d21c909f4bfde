// The emulator's request check, read from the route's contract declaration (src/api/contract/<family>.ts, named by
// the route table's `family`): the same schemas the library checks before sending, so the client and the emulator
// accept the same requests (test/unit/contract-agreement.test.ts). Where wire.md has the service take more than the
// client sends (a `limit` above 100 is clamped, not refused), the declaration says so itself (Endpoint.served),
// derived from the same schema.
import { familyContract } from '../api/contract/index.js'
import type { Endpoint } from '../api/contract/types.js'
import type { Route, RouteName } from '../api/routes.js'
import * as z from '../api/zod.js'
import { issueMessage, validate } from './body.js'
import { HttpError } from './types.js'

/** The route's declaration, when it has one. */
async function endpointOf(name: RouteName, route: Route): Promise<Endpoint | undefined> {
  return route.family === undefined ? undefined : (await familyContract(route.family))[name]
}

/**
 * Checks a request's JSON body against the route's declaration; the parsed value (defaults filled in) is what the
 * handler gets as `req.input`. A failure is a 400 naming the field (wire.md). Routes without a declared body: undefined.
 */
export async function declaredBody(name: RouteName, route: Route, body: unknown, rawLength: number): Promise<unknown> {
  const endpoint = await endpointOf(name, route)
  const schema = endpoint?.served?.body ?? endpoint?.body
  if (schema === undefined) return undefined
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'body must be a JSON object', {}, 'invalid_body')
  }
  return validate(schema, body, rawLength)
}

/**
 * Checks a request's query against the route's declaration (its served view: values are text on the wire); the
 * parsed value is what the handler gets as `req.queryInput`. A failure is a 400 naming the parameter. A repeated
 * parameter counts once, by its first value. Routes without a declared query: undefined.
 */
export async function declaredQuery(name: RouteName, route: Route, query: URLSearchParams): Promise<unknown> {
  const endpoint = await endpointOf(name, route)
  const schema = endpoint?.served?.query ?? endpoint?.query
  if (schema === undefined) return undefined
  const given: Record<string, string> = {}
  for (const [k, v] of query) if (!Object.hasOwn(given, k)) given[k] = v
  const r = z.safeParse(schema, given)
  if (!r.success) throw new HttpError(400, issueMessage(r.error), {}, 'invalid_query')
  return r.data
}
