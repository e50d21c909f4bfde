// CMS access rules and the OAuth flow through the real emulator over HTTP.
import { beforeAll, describe, expect, it } from 'vitest'
import { challengeS256, createVerifier } from '../../src/auth/pkce.js'
import { demoKeys, type Emulator } from '../../src/emulator/index.js'
import { seedResources } from '../../src/emulator/seed-resources.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture({
  emulator: { scheduler: false },
  ready: (e) => {
    if (!e.state.cms.has('posts')) seedResources(e.state, { posts: 300 })
  },
})
let emu: Emulator
beforeAll(() => {
  emu = fx.emu
})

const auth = (key: string = demoKeys.full) => ({ authorization: `Bearer ${key}` })
const records = (access: string, rest = '') => `${emu.baseUrl}/${emu.accountId}/${access}/records/posts${rest}`

describe('CMS over HTTP', () => {
  it('queries with where, orderBy and paging', async () => {
    const where = JSON.stringify({ field: 'status', op: 'eq', value: 'published' })
    const q = new URLSearchParams({ where, orderBy: 'views:desc', pageSize: '5', select: 'title,views' })
    const res = await fetch(`${records('cda')}?${q}`, { headers: auth() })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.data).toHaveLength(5)
    const views = body.data.map((r: { data: { views: number } }) => r.data.views)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    expect(body.pagination.page_size).toBe(5)
  })

  it('enforces delivery/management access by key scope', async () => {
    expect((await fetch(records('cda'), { headers: auth(demoKeys.cmsRead) })).status).toBe(200)
    expect((await fetch(records('cma'), { headers: auth(demoKeys.cmsRead) })).status).toBe(401)
    expect((await fetch(records('cda'), { headers: auth(demoKeys.noCms) })).status).toBe(401)
    const create = (key: string) =>
      fetch(records('cma'), {
        method: 'POST',
        headers: { ...auth(key), 'content-type': 'application/json' },
        body: JSON.stringify({ data: { title: 'new' }, tags: ['x'] }),
      })
    expect((await create(demoKeys.cmsRead)).status).toBe(401)
    const ok = await create(demoKeys.full)
    expect(ok.status).toBe(201)
    const { id } = await ok.json()
    // the delivery access has no write routes at all
    const cdaWrite = await fetch(records('cda'), { method: 'POST', headers: auth(), body: '{}' })
    expect([403, 405]).toContain(cdaWrite.status)
    expect((await fetch(records('cma', `/${id}`), { method: 'DELETE', headers: auth() })).status).toBe(204)
  })
})

describe('OAuth over HTTP', () => {
  it('runs register → consent → code → token → refresh → reuse detection → revoke', async () => {
    const redirectUri = 'http://127.0.0.1:61234/cb'
    const meta = await (await fetch(`${emu.url}/.well-known/oauth-authorization-server`)).json()
    expect(meta.issuer).toBe(emu.url)
    const reg = await fetch(meta.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'test', redirect_uris: [redirectUri] }),
    })
    expect(reg.status).toBe(201)
    const { client_id } = await reg.json()
    const verifier = createVerifier()
    const authorizeUrl = new URL(meta.authorization_endpoint)
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id,
      redirect_uri: redirectUri,
      code_challenge: challengeS256(verifier),
      code_challenge_method: 'S256',
      state: 'xyz',
    }))
      authorizeUrl.searchParams.set(k, v)
    const page = await fetch(authorizeUrl)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    const form = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) form.set(m[1]!, m[2]!)
    form.set('decision', 'approve')
    const approved = await fetch(`${emu.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' })
    expect(approved.status).toBe(302)
    const location = new URL(approved.headers.get('location')!)
    expect(location.searchParams.get('state')).toBe('xyz')
    const tokenCall = (p: Record<string, string>) =>
      fetch(meta.token_endpoint, { method: 'POST', body: new URLSearchParams(p) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }))
    const first = await tokenCall({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id,
      code_verifier: verifier,
    })
    expect(first.status).toBe(200)
    expect(
      (await fetch(`${emu.baseUrl}/${emu.accountId}/scenarios`, { headers: auth(first.body.access_token) })).status,
    ).toBe(200)
    const refreshCount = emu.state.counters.get('oauth.refresh') ?? 0
    const second = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id })
    expect(second.status).toBe(200)
    expect(emu.state.counters.get('oauth.refresh')).toBe(refreshCount + 1)
    const reuse = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id })
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect(
      (await fetch(`${emu.baseUrl}/${emu.accountId}/scenarios`, { headers: auth(second.body.access_token) })).status,
    ).toBe(401)
    // RFC 7009 2.1: the client identifies itself; an unknown token is still a 200 (2.2), no client is a 401.
    const revoke = (form: Record<string, string>) =>
      fetch(meta.revocation_endpoint, { method: 'POST', body: new URLSearchParams(form) })
    expect((await revoke({ token: 'whatever', client_id })).status).toBe(200)
    expect((await revoke({ token: 'whatever' })).status).toBe(401)
  })
})
