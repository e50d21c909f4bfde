// A stubbed A2A peer for the a2a command tests: one request on an origin, answered with JSON or SSE, recording the
// Authorization and A2A-Version headers and the JSON body of each request it saw.
import type { TestContext } from '../helpers/test-context.js'

/** What a stubbed request saw. */
interface Seen {
  auth: string | undefined
  body: unknown
  version?: string | undefined
}

/** Stubs one request on an origin and records its Authorization and A2A-Version headers and JSON body. */
export function stub(
  t: TestContext,
  origin: string,
  method: string,
  path: string,
  reply: object | string,
  headers = {},
) {
  const seen: Seen[] = []
  t.agent
    .get(origin)
    .intercept({ path, method })
    .reply((req) => {
      const h = Object.fromEntries(
        Object.entries(req.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      )
      const body = req.body ? JSON.parse(String(req.body)) : undefined
      seen.push({ auth: h.authorization, body, ...(h['a2a-version'] ? { version: h['a2a-version'] } : {}) })
      return {
        statusCode: 200,
        data: reply,
        responseOptions: { headers: { 'content-type': 'application/json', ...headers } },
      }
    })
  return seen
}
