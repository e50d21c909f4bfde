// `agentry api <METHOD> <path>`: the -H/--header values (each "Name: value", repeatable) are sent as given; a value
// without a name and a colon, or an unknown method, is a usage error before anything is sent.
import { describe, expect, it } from 'vitest'
import { testAccount, testContext } from '../helpers/test-context.js'

describe('agentry api', () => {
  it('sends every -H header (repeated, or several after one -H) and prints the answer', async () => {
    const t = testContext()
    const seen: Record<string, string>[] = []
    t.http.intercept({ path: `/api/v1beta/${testAccount}/agents`, method: 'GET' }).reply((req) => {
      seen.push(req.headers as Record<string, string>)
      return {
        statusCode: 200,
        data: '{"data":[]}',
        responseOptions: { headers: { 'content-type': 'application/json' } },
      }
    })
    const argv = ['api', 'GET', '/{accountId}/agents', '-H', 'X-One: 1', 'X-Two:2', '--header', 'X-Three: a:b']
    expect(await t.run(argv)).toBe(0)
    expect(seen[0]).toMatchObject({ 'X-One': '1', 'X-Two': '2', 'X-Three': 'a:b' })
    expect(t.stdout()).toBe('{"data":[]}\n')
  })

  it('refuses a header without "Name:" and an unknown method (exit 2, nothing sent)', async () => {
    const t = testContext()
    expect(await t.run(['api', 'GET', '/{accountId}/agents', '-H', 'no-colon'])).toBe(2)
    expect(t.stderr()).toMatch(/--header no-colon: expected "Name: value"/)
    const u = testContext()
    expect(await u.run(['api', 'FETCH', '/{accountId}/agents'])).toBe(2)
    expect(u.stderr()).toMatch(/unknown method FETCH\nhint: use one of GET, POST/)
  })
})
