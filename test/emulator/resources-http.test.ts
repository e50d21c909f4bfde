// The resource handlers through the real emulator over HTTP: routing, bearer auth, raw bodies and headers as a
// client sends them.
import { beforeAll, describe, expect, it } from 'vitest'
import { signBody } from '../../src/auth/hmac.js'
import { demoKeys, type Emulator } from '../../src/emulator/index.js'
import { demoSecrets, seedResources } from '../../src/emulator/seed-resources.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'

const fx = emulatorFixture({
  // the demo seed may already hold them; seeding again is harmless (same ids)
  ready: (e) => {
    if (!e.state.scenarios.has('scn_summarize')) seedResources(e.state, { posts: 300 })
  },
})
let emu: Emulator
beforeAll(() => {
  emu = fx.emu
})

const auth = (key: string = demoKeys.full) => ({ authorization: `Bearer ${key}` })
const api = (path: string) => `${emu.baseUrl}/${emu.accountId}${path}`
const jsonHeaders = { ...auth(), 'content-type': 'application/json' }

describe('scenarios over HTTP', () => {
  it('executes a scenario signed over the exact bytes, with no bearer token', async () => {
    const s = demoSecrets.scenarios.scn_summarize
    const body = '{"input": "Printer on fire"}'
    const url = `${emu.baseUrl}/scenario/scn_summarize`
    const ok = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [s.header]: signBody(s.secret, body) },
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ scenarioId: 'scn_summarize', status: 'completed' })
    const unsigned = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    expect(unsigned.status).toBe(401)
    expect((await unsigned.json()).error.message).toContain(s.header)
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://x', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
  })

  it('never shows the signing secret through the API', async () => {
    const res = await fetch(api('/scenarios?limit=100'), { headers: auth() })
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(text).not.toContain('signature_secret')
    expect(text).not.toContain(demoSecrets.scenarios.scn_summarize.secret)
  })
})

describe('webhooks over HTTP', () => {
  it('creates a webhook whose url triggers its scenario with X-Webhook-Secret', async () => {
    const created = await fetch(api('/webhooks'), {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'HTTP hook', status: 'active', scenarioId: 'scn_summarize' }),
    })
    expect(created.status).toBe(201)
    const hook = await created.json()
    expect(hook.url).toBe(`${emu.url}/api/webhooks/${hook.id}`)
    const body = JSON.stringify({ event: 'order.created', id: 1 })
    const fire = (headers: Record<string, string>, b = body) => fetch(hook.url, { method: 'POST', headers, body: b })
    const ok = await fire({ 'content-type': 'application/json', 'x-webhook-secret': hook.secret })
    expect(ok.status).toBe(200)
    const answer = await ok.json()
    expect(answer).toEqual({ received: true, executionId: expect.any(String) })
    expect(emu.state.executions.get(answer.executionId)?.input).toBe(body)
    expect((await fire({ 'content-type': 'application/json' })).status).toBe(401)
    expect((await fire({ 'content-type': 'text/plain', 'x-webhook-secret': hook.secret })).status).toBe(400)
    const off = await fetch(api(`/webhooks/${hook.id}`), {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({ status: 'inactive' }),
    })
    expect(off.status).toBe(200)
    const inactive = await fire({ 'content-type': 'application/json', 'x-webhook-secret': hook.secret })
    expect(inactive.status).toBe(409)
    expect(await inactive.json()).toEqual({ error: { message: 'Webhook is inactive', code: 'webhook_inactive' } })
    expect((await fetch(api(`/webhooks/${hook.id}`), { method: 'DELETE', headers: auth() })).status).toBe(204)
    expect((await fire({ 'content-type': 'application/json', 'x-webhook-secret': hook.secret })).status).toBe(404)
  })
})

describe('files and images over HTTP', () => {
  it('stores raw bytes under a path with slashes and serves them back with their type', async () => {
    const bytes = Buffer.from('col1,col2\n1,2\n')
    const url = api('/files/exports/2026/january report.csv')
    const put = await fetch(url, { method: 'PUT', headers: { ...auth(), 'content-type': 'text/csv' }, body: bytes })
    expect(put.status).toBe(201)
    expect(await put.json()).toMatchObject({ path: 'exports/2026/january report.csv', size: bytes.length })
    const got = await fetch(url, { headers: auth() })
    expect(got.headers.get('content-type')).toBe('text/csv')
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true)
    // the folder's direct entries (files list by `path`, as the public clients list them)
    const list = await (await fetch(api('/files?path=exports/2026'), { headers: auth() })).json()
    expect(list.data.map((f: { path: string }) => f.path)).toContain('exports/2026/january report.csv')
    expect((await fetch(url, { method: 'DELETE', headers: auth() })).status).toBe(204)
    expect((await fetch(url, { headers: auth() })).status).toBe(404)
  })

  it('generates an image whose url serves a PNG', async () => {
    const res = await fetch(api('/images/generate'), {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ prompt: 'a green hill', size: '40x30' }),
    })
    expect(res.status).toBe(200)
    const { url } = await res.json()
    expect(url.startsWith(`${emu.baseUrl}/${emu.accountId}/files/generated/`)).toBe(true)
    const png = await fetch(url, { headers: auth() })
    expect(png.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await png.arrayBuffer())
    expect(bytes.readUInt32BE(16)).toBe(40)
    expect(bytes.readUInt32BE(20)).toBe(30)
  })
})

describe('API keys over HTTP', () => {
  it('creates a key that authenticates, and deletes it', async () => {
    const res = await fetch(api('/api-keys'), {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'http', scopes: { cms: 'none' } }),
    })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect((await fetch(api('/scenarios'), { headers: auth(created.key) })).status).toBe(200)
    const escalate = await fetch(api('/api-keys'), {
      method: 'POST',
      headers: { ...auth(created.key), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'broader' }),
    })
    expect(escalate.status).toBe(403)
    expect((await fetch(api(`/api-keys/${created.id}`), { method: 'DELETE', headers: auth() })).status).toBe(204)
    expect((await fetch(api('/scenarios'), { headers: auth(created.key) })).status).toBe(401)
    expect((await fetch(api('/scenarios'), { headers: auth(demoKeys.expired) })).status).toBe(401)
  })
})

describe('the scheduler in a running emulator', () => {
  it('fires a 1-second interval schedule created through the API', async () => {
    const res = await fetch(api('/schedules'), {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'tick', scenarioId: 'scn_translate', intervalSeconds: 1, input: 'bonjour' }),
    })
    expect(res.status).toBe(201)
    const { id } = await res.json()
    const fired = () =>
      [...emu.state.executions.values()].filter((e) => e.trigger === 'schedule' && e.input === 'bonjour')
    await pollUntil(() => fired().length > 0, { timeoutMs: 5000, what: 'a scheduled run' })
    const after = await (await fetch(api(`/schedules/${id}`), { headers: auth() })).json()
    expect(after.lastRunAt).not.toBeNull()
    await fetch(api(`/schedules/${id}`), { method: 'DELETE', headers: auth() })
  })
})
