// The contract (src/api/contract): every route it describes is in the route table, each family loads on its own,
// path values are checked before a URL is made, and page sizes follow the interface's range (wire.md).
import { describe, expect, it } from 'vitest'
import { check } from '../../src/api/answer.js'
import { never } from '../../src/api/accept-kit.js'
import { type ContractRoute, endpointOf, families, familyContract } from '../../src/api/contract/index.js'
import { pageSizeRange } from '../../src/api/contract/page-size.js'
import { pageQuery } from '../../src/api/contract/paging.js'
import { pathValueProblem } from '../../src/api/contract/path.js'
import { type RouteName, routes, urlFor } from '../../src/api/routes.js'
import { UsageError } from '../../src/errors.js'

describe('the contract', () => {
  it('every service route but OAuth and A2A messaging names its contract family in the route table', async () => {
    const names = Object.keys(routes) as RouteName[]
    const without = names.filter((n) => routes[n].family === undefined)
    expect(without.every((n) => n.startsWith('oauth') || n === 'agentA2a')).toBe(true)
    for (const name of names.filter((n) => routes[n].family !== undefined))
      await expect(endpointOf(name as ContractRoute)).resolves.toBeDefined()
  })

  // The loader finds a route's module from its table entry: a module holding a route the table gives to another
  // family (or missing one the table gives to it) would load the wrong module or none.
  it("each family's module holds exactly the routes whose table entry names that family", async () => {
    const names = Object.keys(routes) as RouteName[]
    const named = new Set(names.flatMap((n) => routes[n].family ?? []))
    expect([...named].sort()).toEqual([...families].sort())
    for (const family of families) {
      const held = Object.keys(await familyContract(family)).sort()
      expect(held, `src/api/contract/${family}.ts`).toEqual(names.filter((n) => routes[n].family === family).sort())
    }
  })

  it('every list route checks page and limit and names an item schema', async () => {
    for (const name of [
      'agentsList',
      'skillsList',
      'chatsList',
      'scenariosList',
      'webhooksList',
      'keysList',
    ] as const) {
      const e = await endpointOf(name)
      expect(e.item).toBeDefined()
      expect(e.query?.safeParse({ limit: 101 }).success).toBe(false)
      expect(e.query?.safeParse({ limit: 100, page: 3 }).success).toBe(true)
    }
    expect(pageSizeRange).toEqual({ min: 1, max: 100 })
    expect(pageQuery.safeParse({ page: 0 }).success).toBe(false)
  })

  it('a body that does not match says which member and what was expected, in English (zod/mini has no messages)', async () => {
    const item = (await endpointOf('agentsList')).item!
    // a check that accepts nothing: the schema decides
    await expect(check({ accept: never, schema: async () => item }, { id: 7 }, 'GET /agents: data[0]')).rejects.toThrow(
      "the server's answer to GET /agents: data[0] does not match the interface: .id: Invalid input: expected string, received number",
    )
  })

  it('CMS queries refuse a pageSize above 100', async () => {
    const q = (await endpointOf('cmsQuery')).query!
    expect(q.safeParse({ pageSize: '101' }).success).toBe(false)
    expect(q.safeParse({ pageSize: '100', where: '{}' }).success).toBe(true)
  })

  it.each([
    [{ pageSize: '101' }, 'pageSize must be 1–100'],
    [{ pageSize: 'ten' }, 'pageSize must be a whole number'],
    [{ page: '0' }, 'page must be 1 or more'],
    [{ page: '-1' }, 'page must be a whole number'],
  ])('CMS query %j: one message, "%s"', async (query, message) => {
    const r = (await endpointOf('cmsQuery')).query!.safeParse(query)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message)).toEqual([message])
  })
})

describe('path values', () => {
  it.each([
    ['', false, 'is empty'],
    ['.', false, 'has a "." segment'],
    ['..', false, 'has a ".." segment'],
    ['a/../b', true, 'has a ".." segment'],
    ['a//b', true, 'has an empty segment'],
    ['./a', true, 'has a "." segment'],
  ])('%j (rest %s) %s', (value, rest, problem) => {
    expect(pathValueProblem(value, rest)).toBe(problem)
  })

  it('ordinary values pass; a URL is never made with a dot segment', () => {
    expect(pathValueProblem('..a', false)).toBeUndefined()
    expect(pathValueProblem('dir/file.txt', true)).toBeUndefined()
    expect(() => urlFor('http://h/api/v1beta', routes.agentsGet, { accountId: 'acc', agentId: '..' })).toThrow(
      UsageError,
    )
    expect(() => urlFor('http://h/api/v1beta', routes.filesDelete, { accountId: 'acc', path: 'a/../../x' })).toThrow(
      /<path> has a "\.\." segment/,
    )
    expect(urlFor('http://h/api/v1beta', routes.agentsGet, { accountId: 'acc', agentId: 'a/b' })).toBe(
      'http://h/api/v1beta/acc/agents/a%2Fb',
    )
  })
})
