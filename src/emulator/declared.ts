// The emulator's request check, read from the route's contract declaration (src/api/contract/<family>.ts, named by
// the route table's `family`): the same schema the library checks before sending, so the client and the emulator
// accept the same bodies (test/unit/contract-agreement.test.ts). Where wire.md has the service take more than the
// client sends, the declaration says so itself (Endpoint.served), derived from the same schema.
import { familyContract } from '../api/contract/index.js'
import type { Endpoint } from '../api/contract/types.js'
import type { Route, RouteName } from '../api/routes.js'
import { validate } from './body.js'
import { HttpError } from './types.js'

/** The body schema the emulator checks for a route: the served view when declared, else the contract's body. */
async function servedBodySchema(name: RouteName, route: Route): Promise<Endpoint['body']> {
  if (route.family === undefined) return undefined
  const endpoint = (await familyContract(route.family))[name]
  return endpoint?.served?.body ?? endpoint?.body
}

/**
 * Checks a request's JSON body against the route's declaration; the parsed value (defaults filled in) is what the
 * handler gets as `req.input`. A failure is a 400 naming the field (wire.md). Routes without a declared body: undefined.
 */
export async function declaredBody(name: RouteName, route: Route, body: unknown, rawLength: number): Promise<unknown> {
  const schema = await servedBodySchema(name, route)
  if (schema === undefined) return undefined
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'body must be a JSON object', {}, 'invalid_body')
  }
  return validate(schema, body, rawLength)
}
