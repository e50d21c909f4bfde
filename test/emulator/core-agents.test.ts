// Contract tests of the emulator's core: routing, CORS, auth and scopes, agents, skills, cards, pagination.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { agentCardSchema, agentSchema, errorBodySchema, pageOf, skillSchema } from '../../src/api/schemas/index.js'
import { demoKeys } from '../../src/emulator/index.js'
import { call } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

/** The request body limit of the file's emulator: small, so the 413 test sends kilobytes, not 25 MiB. */
const bodyLimitBytes = 64 * 1024
const fx = emulatorFixture({ emulator: { ...quietEmulator, bodyLimitBytes } })
const { internalErrors } = fx
const emu = () => fx.emu
const acc = () => emu().accountId

/** A GET of a path exactly as written (over a socket: an HTTP client would remove dot segments), with the demo key. */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(emu().url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (c: string) => (answer += c))
    socket.on('error', reject)
    socket.on('end', () => {
      const [head = '', text = ''] = answer.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), text })
    })
    socket.write(
      `GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: Bearer ${emu().demoApiKey}\r\nconnection: close\r\n\r\n`,
    )
  })
}

describe('agents and skills', () => {
  it('gets one skill; an unknown one is a 404, a dot segment a 400 naming the parameter (checked before the handler)', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/skills/markdown`)
    expect(r.status).toBe(200)
    expect(skillSchema.parse(r.json)).toMatchObject({ id: 'markdown', name: 'Markdown answers' })
    const missing = await call(emu(), 'GET', `/${acc()}/skills/nope`)
    expect(missing.status).toBe(404)
    expect(missing.json.error.message).toBe('skill "nope" not found')
    // the router decodes the segment to ".."
    const dots = await rawGet(`/api/v1beta/${acc()}/skills/%2E%2E`)
    expect(dots.status).toBe(400)
    expect(JSON.parse(dots.text).error).toEqual({
      message: 'skillId has a ".." segment: it must name one resource',
      code: 'bad_path',
    })
  })

  it('lists agents with the pagination object and the shared schema', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/agents`)
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toMatch(/^application\/json/)
    const page = pageOf(agentSchema).parse(r.json)
    expect(page.data.map((a) => a.id)).toContain('demo-assistant')
    expect(page.pagination).toEqual({ total: page.data.length, page: 1, page_count: 1, page_size: 20 })
    // internal fields stay inside the emulator
    expect(r.text).not.toContain('accountId')
    expect(r.text).not.toContain('tokenDelayMs')
  })

  it('pages through agents with page and limit', async () => {
    const all = (await call(emu(), 'GET', `/${acc()}/agents?limit=100`)).json.data.map((a: { id: string }) => a.id)
    const seen: string[] = []
    for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
      const r = await call(emu(), 'GET', `/${acc()}/agents?page=${page}&limit=2`)
      expect(r.status).toBe(200)
      expect(r.json.pagination).toEqual({
        total: all.length,
        page,
        page_count: Math.ceil(all.length / 2),
        page_size: 2,
      })
      seen.push(...r.json.data.map((a: { id: string }) => a.id))
    }
    expect(seen).toEqual(all)
    const beyond = await call(emu(), 'GET', `/${acc()}/agents?page=99&limit=2`)
    expect(beyond.json.data).toEqual([])
  })

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=0', 'limit'],
    ['limit=2.5', 'limit'],
  ])('answers 400 naming the parameter for %s', async (query, name) => {
    const r = await call(emu(), 'GET', `/${acc()}/agents?${query}`)
    expect(r.status).toBe(400)
    expect(errorBodySchema.parse(r.json).error.message.startsWith(`${name} `)).toBe(true)
  })

  it.each(['agents', 'skills', 'scenarios', 'webhooks', 'schedules', 'api-keys', 'sites', 'files', 'chats'])(
    'clamps a limit above 100 to 100 on the %s list, as wire.md asks (never an error)',
    async (list) => {
      const path = list === 'chats' ? '/agent/demo-assistant/chats' : `/${acc()}/${list}`
      const r = await call(emu(), 'GET', `${path}?limit=500`)
      expect(r.status).toBe(200)
      expect(r.json.pagination.page_size).toBe(100)
    },
  )

  it('clamps a limit past the largest safe integer to 100', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/agents?limit=99999999999999999999`)
    expect(r.json.pagination.page_size).toBe(100)
  })

  it('gets one agent, and 404s an unknown one', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/agents/weather-bot`)
    expect(r.status).toBe(200)
    expect(agentSchema.parse(r.json)).toMatchObject({ id: 'weather-bot', name: 'Weather Bot' })
    const missing = await call(emu(), 'GET', `/${acc()}/agents/nope`)
    expect(missing.status).toBe(404)
    expect(missing.json.error.message).toContain('nope')
  })

  it('lists skills', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/skills?limit=3`)
    expect(r.status).toBe(200)
    const page = pageOf(skillSchema).parse(r.json)
    expect(page.data).toHaveLength(3)
    expect(page.pagination?.total).toBeGreaterThan(3)
  })

  it("serves the agent's A2A card with its JSON-RPC url and skills", async () => {
    const r = await call(emu(), 'GET', '/agent/weather-bot/a2a/card')
    expect(r.status).toBe(200)
    const card = agentCardSchema.parse(r.json)
    expect(card.url).toBe(`${emu().baseUrl}/agent/weather-bot/a2a`)
    expect(card.capabilities?.streaming).toBe(true)
    expect(card.skills?.map((s) => s.id)).toEqual(['weather'])
    expect(card.securitySchemes).toHaveProperty('bearer')
  })
})

describe('authentication and scopes', () => {
  it.each([
    ['no key', null],
    ['a wrong key', 'agk_wrong'],
    ['an expired key', demoKeys.expired],
  ])('answers 401 with %s', async (_, key) => {
    const r = await call(emu(), 'GET', `/${acc()}/agents`, { key })
    expect(r.status).toBe(401)
    expect(r.headers['www-authenticate']).toMatch(/^Bearer/)
    expect(errorBodySchema.parse(r.json).error.message).toMatch(/API key/)
  })

  it('answers an Authorization that is not a bearer key as a missing key', async () => {
    const malformed = await call(emu(), 'GET', `/${acc()}/agents`, { key: null, headers: { authorization: 'Basic x' } })
    expect(malformed.json.error.message).toBe('missing or invalid API key')
  })

  it('lets a key scoped to one agent use that agent only (401 on others, 404 on unknown)', async () => {
    const key = demoKeys.assistantOnly
    expect((await call(emu(), 'GET', '/agent/demo-assistant/a2a/card', { key })).status).toBe(200)
    const other = await call(emu(), 'GET', '/agent/weather-bot/a2a/card', { key })
    expect(other.status).toBe(401)
    expect(other.json.error.message).toContain('weather-bot')
    expect((await call(emu(), 'GET', '/agent/ghost/a2a/card', { key })).status).toBe(404)
    const list = await call(emu(), 'GET', `/${acc()}/agents`, { key })
    expect(list.json.data.map((a: { id: string }) => a.id)).toEqual(['demo-assistant'])
    const completion = await call(emu(), 'POST', '/agent/weather-bot/chat/completion', {
      key,
      body: { messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(completion.status).toBe(401)
  })

  it('keeps cms:read keys to the delivery access and cms:none keys out of the CMS', async () => {
    const cma = await call(emu(), 'GET', `/${acc()}/cma/records/posts`, { key: demoKeys.cmsRead })
    expect(cma.status).toBe(401)
    expect(cma.json.error.message).toMatch(/cda/)
    const write = await call(emu(), 'POST', `/${acc()}/cma/records/posts`, {
      key: demoKeys.cmsRead,
      body: { data: {} },
    })
    expect(write.status).toBe(401)
    const none = await call(emu(), 'GET', `/${acc()}/cda/records/posts`, { key: demoKeys.noCms })
    expect(none.status).toBe(401)
    // the cms:read key has `agents: []`: no agent at all
    expect((await call(emu(), 'GET', '/agent/demo-assistant/a2a/card', { key: demoKeys.cmsRead })).status).toBe(401)
  })

  it('keeps a key to its scenarios', async () => {
    const own = await call(emu(), 'GET', `/${acc()}/scenarios/scn_summarize`)
    expect(own.status).toBe(200)
    const scoped = await call(emu(), 'GET', `/${acc()}/scenarios/scn_summarize`, { key: demoKeys.cmsRead })
    expect(scoped.status).toBe(401)
    expect(scoped.json.error.message).toContain('scn_summarize')
  })

  it("answers 404 for another account's paths", async () => {
    const r = await call(emu(), 'GET', '/acc_other/agents')
    expect(r.status).toBe(404)
    expect(r.json.error.message).toContain('acc_other')
  })

  it('accepts an OAuth access token and refuses an expired one', async () => {
    const e = emu()
    const base = { kind: 'access' as const, clientId: 'cli_test', accountId: e.accountId, scope: 'agentry:api' }
    e.state.oauthTokens.set('tok_live', { ...base, token: 'tok_live', expiresAt: Date.now() + 60_000 })
    e.state.oauthTokens.set('tok_old', { ...base, token: 'tok_old', expiresAt: Date.now() - 1 })
    expect((await call(e, 'GET', `/${acc()}/agents`, { key: 'tok_live' })).status).toBe(200)
    const old = await call(e, 'GET', `/${acc()}/agents`, { key: 'tok_old' })
    expect(old.status).toBe(401)
    expect(old.json.error.message).toMatch(/expired/)
  })
})

describe('routing, CORS and bodies', () => {
  it.each(['/agent/demo-assistant/chat/completion', '/agent/x/chat/completion/cancel', '/scenario/sc_1'])(
    'answers a CORS preflight of %s with 204 and no body',
    async (path) => {
      const r = await call(emu(), 'OPTIONS', path, {
        key: null,
        headers: { origin: 'https://app.example', 'access-control-request-headers': 'authorization, x-custom' },
      })
      expect(r.status).toBe(204)
      expect(r.text).toBe('')
      expect(r.headers['access-control-allow-origin']).toBe('*')
      expect(r.headers['access-control-allow-methods']).toContain('POST')
      expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization')
      expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('x-custom')
    },
  )

  it('answers 404 for unknown paths and 405 with Allow for a wrong method', async () => {
    const unknown = await call(emu(), 'GET', '/nothing/here/at/all/really')
    expect(unknown.status).toBe(404)
    expect(errorBodySchema.safeParse(unknown.json).success).toBe(true)
    const wrong = await call(emu(), 'DELETE', `/${acc()}/agents`)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.allow).toBe('GET, POST')
  })

  it('prefers the route with more literal segments', async () => {
    // /agent/{id}/a2a (POST) and /{accountId}/webhooks/{id} both match /agent/webhooks/a2a
    const r = await call(emu(), 'POST', '/agent/webhooks/a2a', { body: {} })
    expect(r.status).toBe(404)
    expect(r.json.error.message).toBe('agent "webhooks" not found')
  })

  it('answers 400 for a body that is not JSON, and 413 for one too large', async () => {
    const bad = await call(emu(), 'POST', '/agent/demo-assistant/chat/completion', {
      rawBody: '{"messages": [',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/^body is not valid JSON: /)
    // the limit is the file's emulator's (bodyLimitBytes; the service's 25 MiB by default): a body as long is read
    const post = (bytes: number) =>
      call(emu(), 'POST', '/agent/demo-assistant/chat/completion', {
        rawBody: Buffer.alloc(bytes, 32),
        headers: { 'content-type': 'application/json' },
      })
    expect((await post(bodyLimitBytes)).status).toBe(400)
    expect((await post(bodyLimitBytes + 1)).status).toBe(413)
  })

  it('answers 400 for a malformed %-escape in the path', async () => {
    const r = await call(emu(), 'GET', `/${acc()}/agents/%E0%A4%A`)
    expect(r.status).toBe(400)
  })

  it('logs requests with secrets redacted, and counts them', async () => {
    await call(emu(), 'GET', `/${acc()}/agents?limit=1`, { headers: { 'x-webhook-secret': 's3cr3t' } })
    const log = await call(emu(), 'GET', '//__emulator/requests', { key: null })
    const last = log.json.data.at(-1)
    expect(last).toMatchObject({ method: 'GET', path: `/api/v1beta/${acc()}/agents`, status: 200 })
    expect(last.headers.authorization).toBe('[redacted]')
    expect(last.headers['x-webhook-secret']).toBe('[redacted]')
    expect(log.text).not.toContain(emu().demoApiKey)
    const counters = await call(emu(), 'GET', '//__emulator/counters', { key: null })
    expect(counters.json.requests).toBeGreaterThan(10)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
