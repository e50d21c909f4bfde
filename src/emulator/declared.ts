// The emulator's request check, read from the operation's declaration (src/api/contract/<family>.ts, named by the
// route table's `family`): the path parameters, the query and the body, with the same rules and schemas the library
// checks before sending, so the client and the emulator accept the same requests
// (test/unit/contract-agreement.test.ts). Where wire.md has the service take more than the client sends (a `limit`
// above 100 is clamped, not refused), the declaration says so itself (Endpoint.served), derived from the same schema.
// No handler picks a schema: bearer routes are checked by the server before the handler runs; the routes that
// authenticate in their handler (signed scenario runs, webhook triggers) call checkDeclared once they have.
import { isRecord } from '../api/is-record.js'
import { familyContract } from '../api/contract/index.js'
import { pathValueProblem } from '../api/contract/path.js'
import type { Endpoint } from '../api/contract/types.js'
import { type Route, type RouteName, routes } from '../api/routes.js'
import * as z from '../api/zod.js'
import { issueMessage, validate } from './body.js'
import { type EmuRequest, HttpError } from './types.js'

/** The route's declaration, when it has one. */
async function endpointOf(name: RouteName, route: Route): Promise<Endpoint | undefined> {
  return route.family === undefined ? undefined : (await familyContract(route.family))[name]
}

/**
 * Checks the path parameters of a matched request as the client checks them before sending (contract/path.ts): each
 * value names one resource (not empty, no `.` or `..` segment; `{name*}` per segment). A failure is a 400 naming it.
 */
export function declaredParams(route: Route, params: Readonly<Record<string, string>>): void {
  for (const m of route.path.matchAll(/\{(\w+)(\*?)\}/g)) {
    const value = params[m[1]!]
    const problem = value === undefined ? undefined : pathValueProblem(value, m[2] === '*') // the router gives each
    if (problem) throw new HttpError(400, `${m[1]} ${problem}: it must name one resource`, {}, 'bad_path')
  }
}

/**
 * Checks a request's JSON body against the route's declaration; the parsed value (defaults filled in) is what the
 * handler gets as `req.input`. A failure is a 400 naming the field (wire.md). Routes without a declared body: undefined.
 */
export async function declaredBody(name: RouteName, route: Route, body: unknown, rawLength: number): Promise<unknown> {
  const endpoint = await endpointOf(name, route)
  const schema = endpoint?.served?.body ?? endpoint?.body
  if (schema === undefined) return undefined
  if ((body === undefined && rawLength === 0 && endpoint?.bodyRequired) || (body !== undefined && !isRecord(body))) {
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

/** Checks a request's path parameters, query and body against its operation's declaration; sets queryInput and input. */
export async function checkDeclared(req: EmuRequest): Promise<void> {
  const route = routes[req.operation]
  declaredParams(route, req.params)
  req.queryInput = await declaredQuery(req.operation, route, req.query)
  req.input = await declaredBody(req.operation, route, req.body, req.rawBody.length)
}
