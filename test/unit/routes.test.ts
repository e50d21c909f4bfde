import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileRoutes, fillPath, routes, urlFor } from '../../src/api/routes.js'

describe('route table', () => {
  it('builds base and origin URLs', () => {
    const base = 'https://h.test/api/v1beta'
    expect(urlFor(base, routes.agentsList, { accountId: 'acc 1' }, { page: 2, limit: undefined })).toBe(
      'https://h.test/api/v1beta/acc%201/agents?page=2',
    )
    expect(urlFor(base, routes.webhookTrigger, { webhookId: 'wh_1' })).toBe('https://h.test/api/webhooks/wh_1')
    expect(urlFor(base, routes.oauthToken)).toBe('https://h.test/oauth/token')
    expect(urlFor(`${base}/`, routes.completion, { agentId: 'a/b' })).toBe(
      'https://h.test/api/v1beta/agent/a%2Fb/chat/completion',
    )
  })

  it('keeps slashes in rest parameters and refuses missing ones', () => {
    expect(fillPath('/{accountId}/files/{path*}', { accountId: 'a', path: 'dir/x y.png' })).toBe(
      '/a/files/dir/x%20y.png',
    )
    expect(() => fillPath('/{accountId}/agents', {})).toThrow(/accountId/)
  })

  it('matches every route from its own filled path, with the same parameters', () => {
    const matchers = compileRoutes()
    const seg = fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/)
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(routes)), seg, seg, seg, (name, a, b, c) => {
        const route = routes[name as keyof typeof routes]
        const values: Record<string, string> = {}
        const names = [...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]!)
        names.forEach((n, i) => {
          values[n] = [a, b, c][i % 3]! + i
        })
        if (names.includes('access')) values.access = 'cda'
        const path = (route.root === 'base' ? '/api/v1beta' : '') + fillPath(route.path, values)
        const hits = matchers.filter((m) => m.route.method === route.method && m.match(path))
        expect(hits.map((h) => h.name)).toContain(name)
        expect(hits.find((h) => h.name === name)!.match(path)).toEqual(values)
      }),
    )
  })
})
