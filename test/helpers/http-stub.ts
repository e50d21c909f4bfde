// Stubs that record what the CLI sent, for the exact-body checks of the command tests (ARCHITECTURE.md "Tests":
// the MockAgent fails on anything not stubbed).
import type { TestContext } from './test-context.js'

/** Stubs one call on the test origin with `status` and `data` (an empty body without); returns the JSON bodies sent. */
export function stubCall(t: TestContext, method: string, path: string, status: number, data?: object): unknown[] {
  const bodies: unknown[] = []
  t.http.intercept({ path, method }).reply((req) => {
    bodies.push(req.body === undefined || req.body === null ? undefined : JSON.parse(String(req.body)))
    return { statusCode: status, data: data ?? '' }
  })
  return bodies
}
