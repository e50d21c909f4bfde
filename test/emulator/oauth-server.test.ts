// The emulator's authorization server over real HTTP (wire.md OAuth): RFC 9728 metadata and 401 challenges, RFC 8707
// resource-bound tokens, clean error descriptions, invalid_client challenges, and the RFC 8628 device grant.
import { describe, expect, it } from 'vitest'
import { challengeS256, createVerifier } from '../../src/auth/pkce.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { consent, decideDevice } from '../helpers/oauth-browser.js'

let clock = Date.now()
const fx = emulatorFixture({ emulator: { now: () => clock } })
const redirectUri = 'http://127.0.0.1:53682/callback'
const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code'
// RFC 6749 5.2: error_description is %x20-21 / %x23-5B / %x5D-7E
const rfc6749Chars = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/

const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${fx.emu.url}${path}`, { method: 'POST', body: new URLSearchParams(form), headers })

async function register(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${fx.emu.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'test client', redirect_uris: [redirectUri], ...extra }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { client_id: string }).client_id
}

/** Code + PKCE through the consent page; `resource` goes into the authorization request when given. */
async function codeTokens(clientId: string, resource?: string) {
  const verifier = createVerifier()
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challengeS256(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    ...(resource ? { resource } : {}),
  })
  const back = await consent(`${fx.emu.url}/oauth/authorize?${q}`)
  const form = { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: redirectUri }
  return { form: { ...form, client_id: clientId, code_verifier: verifier }, back }
}

const agents = (token?: string) =>
  fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, token ? { headers: { authorization: `Bearer ${token}` } } : {})

describe('protected resource metadata and 401 challenges (RFC 9728, RFC 6750)', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/api/v1beta'])(
    'publishes the metadata at %s, naming {base_url} and the origin',
    async (path) => {
      const res = await fetch(fx.emu.url + path)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ resource: fx.emu.baseUrl, authorization_servers: [fx.emu.url] })
    },
  )

  it('challenges without error when no credential was sent, with invalid_token otherwise', async () => {
    const md = `resource_metadata="${fx.emu.url}/.well-known/oauth-protected-resource/api/v1beta"`
    const none = await agents()
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe(`Bearer ${md}`)
    const bad = await agents('agat_not_a_token')
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", ${md}`)
    // A 401 decided after authentication (a key without access to an agent) carries it too, with RFC 6750's
    // insufficient_scope: the token is valid, its scope is not enough.
    const key = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.emu.demoApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'narrow', scopes: { agents: [] } }),
    })
    const narrow = ((await key.json()) as { key: string }).key
    const agentId = [...fx.emu.state.agents.keys()][0]!
    const denied = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents/${agentId}`, {
      headers: { authorization: `Bearer ${narrow}` },
    })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", ${md}`)
    // Not a bearer route: the OAuth endpoints keep their own answers.
    expect((await fetch(`${fx.emu.url}/.well-known/oauth-authorization-server`)).headers.get('www-authenticate')).toBe(
      null,
    )
  })
})

describe('resource indicators (RFC 8707)', () => {
  it('binds tokens to {base_url}; other resources are invalid_target; a token for another resource is refused', async () => {
    const client = await register()
    const { form } = await codeTokens(client, fx.emu.baseUrl)
    const t = await post('/oauth/token', { ...form, resource: fx.emu.baseUrl })
    expect(t.status).toBe(200)
    const tokens = (await t.json()) as { access_token: string; refresh_token: string }
    expect((await agents(tokens.access_token)).status).toBe(200)
    expect(fx.emu.state.oauthTokens.get(tokens.access_token)?.resource).toBe(fx.emu.baseUrl)
    // A refresh may not widen to another resource.
    const wider = await post('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client,
      resource: 'https://elsewhere.example/api',
    })
    expect(((await wider.json()) as { error: string }).error).toBe('invalid_target')
    // The same token string, bound elsewhere (as after a move to another origin), no longer opens this API.
    fx.emu.state.oauthTokens.get(tokens.access_token)!.resource = 'http://127.0.0.1:1/api/v1beta'
    const moved = await agents(tokens.access_token)
    expect(moved.status).toBe(401)
    expect(((await moved.json()) as { error: { message: string } }).error.message).toMatch(/another resource/)
    // At the authorization endpoint, a foreign resource comes back as a redirected invalid_target.
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client,
      redirect_uri: redirectUri,
      code_challenge: challengeS256(createVerifier()),
      code_challenge_method: 'S256',
      resource: 'https://evil.example/api',
    })
    const res = await fetch(`${fx.emu.url}/oauth/authorize?${q}`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_target')
  })
})

describe('error answers (RFC 6749 5.2)', () => {
  it('keeps error_description to the allowed characters and never echoes the input', async () => {
    const hostile = 'x"\\\n<script>é\u0007'
    const answers = [
      await post('/oauth/token', { grant_type: hostile, client_id: hostile }),
      await post('/oauth/token', { grant_type: 'authorization_code', client_id: hostile, code: hostile }),
      await post('/oauth/revoke', { token: hostile, client_id: hostile }),
      await post('/oauth/device_authorization', { client_id: hostile }),
      await post('/oauth/token', { grant_type: 'refresh_token', client_id: await register(), refresh_token: hostile }),
    ]
    for (const res of answers) {
      const body = (await res.json()) as { error: string; error_description: string }
      expect(body.error_description).toMatch(rfc6749Chars)
      expect(body.error_description).not.toContain('script')
    }
    const reg = await fetch(`${fx.emu.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [`http://evil.example/${hostile}`] }),
    })
    const regBody = (await reg.json()) as { error_description: string }
    expect(regBody.error_description).toMatch(rfc6749Chars)
    expect(regBody.error_description).not.toContain('evil')
  })

  it.each(['/oauth/token', '/oauth/revoke'])(
    'answers invalid_client with 401 and WWW-Authenticate at %s',
    async (path) => {
      const res = await post(path, { grant_type: 'refresh_token', refresh_token: 'r', token: 't', client_id: 'nobody' })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: string }).error).toBe('invalid_client')
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
    },
  )
})

describe('device authorization grant (RFC 8628)', () => {
  async function start(clientId: string) {
    const res = await post('/oauth/device_authorization', { client_id: clientId, scope: 'agentry:api' })
    expect(res.status).toBe(200)
    return (await res.json()) as {
      device_code: string
      user_code: string
      verification_uri: string
      verification_uri_complete: string
      expires_in: number
      interval: number
    }
  }
  const poll = async (clientId: string, deviceCode: string) => {
    const res = await post('/oauth/token', { grant_type: deviceGrant, device_code: deviceCode, client_id: clientId })
    return { status: res.status, body: (await res.json()) as Record<string, string> }
  }

  it('is advertised, and refuses clients it does not know', async () => {
    const meta = (await (await fetch(`${fx.emu.url}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >
    expect(meta.device_authorization_endpoint).toBe(`${fx.emu.url}/oauth/device_authorization`)
    expect(meta.grant_types_supported).toContain(deviceGrant)
    const res = await post('/oauth/device_authorization', { client_id: 'nobody' })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /)
  })

  it('polls pending, slows down a client that polls too fast, then issues tokens once after approval', async () => {
    const client = await register({ grant_types: ['authorization_code', 'refresh_token', deviceGrant] })
    const d = await start(client)
    expect(d.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/)
    expect(d.verification_uri).toBe(`${fx.emu.url}/oauth/device`)
    expect(d).toMatchObject({ expires_in: 600, interval: 1 })
    expect((await poll(client, d.device_code)).body.error).toBe('authorization_pending')
    const fast = await poll(client, d.device_code)
    expect(fast.body.error).toBe('slow_down')
    clock += 2_000 // 1 s was enough before; now the interval is 6 s, and this early poll makes it 11 s
    expect((await poll(client, d.device_code)).body.error).toBe('slow_down')
    clock += 11_500
    expect((await poll(client, d.device_code)).body.error).toBe('authorization_pending')
    // The complete URI fills the code in and names the client; a typed code may be lower case, without the dash.
    const page = await (await fetch(d.verification_uri_complete)).text()
    expect(page).toContain('test client')
    const typed = d.user_code.replace('-', '').toLowerCase()
    const approved = await decideDevice(d.verification_uri, typed)
    expect(approved.status).toBe(200)
    expect(approved.html).toMatch(/Device connected/)
    clock += 11_500
    const done = await poll(client, d.device_code)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({ token_type: 'Bearer', scope: 'agentry:api', account_id: fx.emu.accountId })
    expect((await agents(done.body.access_token)).status).toBe(200)
    clock += 11_500
    expect((await poll(client, d.device_code)).body.error).toBe('invalid_grant')
    // Another client cannot redeem someone else's device code.
    const other = await start(client)
    expect((await poll(await register(), other.device_code)).body.error).toBe('invalid_grant')
  })

  it('answers access_denied after a denial, expired_token after 10 minutes, and refuses unknown user codes', async () => {
    const client = await register()
    const denied = await start(client)
    expect((await decideDevice(denied.verification_uri, denied.user_code, 'deny')).status).toBe(200)
    expect((await poll(client, denied.device_code)).body.error).toBe('access_denied')
    const late = await start(client)
    clock += 601_000
    expect((await poll(client, late.device_code)).body.error).toBe('expired_token')
    expect((await decideDevice(late.verification_uri, late.user_code)).status).toBe(400)
    expect((await decideDevice(late.verification_uri, 'BCDF-GHJK')).status).toBe(400)
  })

  it('limits wrong user codes (RFC 8628 5.1): after 10 in 10 minutes even a right one waits', async () => {
    clock += 3_600_000 // earlier tests' misses are long past
    const client = await register()
    const d = await start(client)
    for (let i = 0; i < 10; i++) expect((await decideDevice(d.verification_uri, 'ZZZZ-ZZZZ')).status).toBe(400)
    expect((await decideDevice(d.verification_uri, d.user_code)).status).toBe(429)
    clock += 601_000
    const again = await start(client)
    expect((await decideDevice(again.verification_uri, again.user_code)).status).toBe(200)
  })
})
