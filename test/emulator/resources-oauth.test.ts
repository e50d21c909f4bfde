import { describe, expect, it } from 'vitest'
import { challengeS256, createVerifier } from '../../src/auth/pkce.js'
import { authenticate } from '../../src/emulator/auth.js'
import { oauthHandlers } from '../../src/emulator/oauth/handlers.js'
import type { HandlerEnv } from '../../src/emulator/types.js'
import { call, setup } from './resources-harness.js'

const origin = 'http://127.0.0.1:4010'
const redirectUri = 'http://127.0.0.1:53682/callback'
const form = (p: Record<string, string>) => ({
  raw: new URLSearchParams(p).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  principal: null,
})

async function register(env: HandlerEnv, extra: Record<string, unknown> = {}) {
  return call(oauthHandlers, 'oauthRegister', env, {
    json: { client_name: 'agentry CLI', redirect_uris: [redirectUri], ...extra },
    principal: null,
  })
}

/** Runs register → authorize page → approve, and answers the code and what is needed to redeem it. */
async function authorizeFlow(env: HandlerEnv, verifier = createVerifier()) {
  const client = await register(env)
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.json.client_id,
    redirect_uri: redirectUri,
    code_challenge: challengeS256(verifier),
    code_challenge_method: 'S256',
    state: 'st-123',
    scope: 'agentry:api',
  })
  const pageRes = await call(oauthHandlers, 'oauthAuthorize', env, { query: query.toString(), principal: null })
  const html = pageRes.body!.toString()
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  )
  const approved = await call(oauthHandlers, 'oauthAuthorizeDecision', env, form({ ...fields, decision: 'approve' }))
  const location = new URL(approved.headers.location!)
  return {
    client: client.json,
    pageRes,
    html,
    fields,
    approved,
    location,
    verifier,
    code: location.searchParams.get('code')!,
  }
}

/** The token request that redeems a flow's code (RFC 6749 4.1.3 with the PKCE verifier, RFC 7636 4.5). */
function codeExchange(flow: Awaited<ReturnType<typeof authorizeFlow>>): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: redirectUri,
    client_id: flow.client.client_id,
    code_verifier: flow.verifier,
  }
}

function token(env: HandlerEnv, p: Record<string, string>) {
  return call(oauthHandlers, 'oauthToken', env, form(p))
}

describe('OAuth metadata and registration', () => {
  it('publishes RFC 8414 metadata for the origin', async () => {
    const { env } = setup()
    const res = await call(oauthHandlers, 'oauthMetadata', env, { principal: null })
    expect(res.json).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      scopes_supported: ['agentry:api'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
      device_authorization_endpoint: `${origin}/oauth/device_authorization`,
      authorization_response_iss_parameter_supported: true,
    })
  })

  it('registers public clients and rejects bad metadata in the RFC 7591 error format', async () => {
    const { env, clock } = setup()
    const ok = await register(env)
    expect(ok.status).toBe(201)
    expect(ok.json).toMatchObject({
      client_id: expect.any(String),
      client_id_issued_at: Math.floor(clock.now / 1000),
      client_name: 'agentry CLI',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    })
    expect(ok.json).not.toHaveProperty('client_secret')
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['http://evil.example.com/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://app.example.com/cb#frag'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['myapp:/cb'] }, 'invalid_redirect_uri'],
      [{ grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
      [{ scope: 42 }, 'invalid_client_metadata'],
    ]
    for (const [extra, error] of cases) {
      const res = await register(env, extra)
      expect(res.status, JSON.stringify(extra)).toBe(400)
      expect(res.json).toEqual({ error, error_description: expect.any(String) })
    }
    for (const uri of [
      'http://localhost:8080/cb',
      'http://[::1]:9000/cb',
      'https://app.example.com/cb',
      'com.example.app:/cb',
    ]) {
      expect((await register(env, { redirect_uris: [uri] })).status, uri).toBe(201)
    }
  })

  it.each(['client_secret_post', 'client_secret_basic', 'private_key_jwt'])(
    'replaces the token_endpoint_auth_method %s with none, and an unknown scope, instead of refusing',
    async (method) => {
      const { env, state } = setup()
      const res = await register(env, { token_endpoint_auth_method: method, scope: 'admin agentry:api' })
      expect(res.status).toBe(201)
      expect(res.json).toMatchObject({ token_endpoint_auth_method: 'none', scope: 'agentry:api' })
      expect(res.json).not.toHaveProperty('client_secret')
      expect(state.oauthClients.get(res.json.client_id)?.token_endpoint_auth_method).toBe('none')
    },
  )
})

describe('OAuth authorization endpoint', () => {
  it('shows a consent page with Approve and Deny, then redirects with code, state and iss', async () => {
    const { env } = setup()
    const flow = await authorizeFlow(env)
    expect(flow.pageRes.status).toBe(200)
    expect(flow.pageRes.contentType).toMatch(/^text\/html/)
    expect(flow.html).toContain('<form method="post" action="/oauth/authorize">')
    expect(flow.html).toMatch(/value="approve">Approve</)
    expect(flow.html).toMatch(/value="deny">Deny</)
    expect(flow.pageRes.headers['x-frame-options']).toBe('DENY')
    // the account it is for, and what the scope allows in words (not only `agentry:api`), in the CLI's look
    expect(flow.html).toContain('asks for access to the account <strong>acc_demo</strong>')
    expect(flow.html).toMatch(/use the agentry API as you: [^<]+\(<code>agentry:api<\/code>\)/)
    expect(flow.html).toMatch(/^<!doctype html><html lang="en">.*name="viewport".*prefers-color-scheme:dark/)
    expect(flow.approved.status).toBe(302)
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(redirectUri)
    expect(flow.location.searchParams.get('state')).toBe('st-123')
    expect(flow.location.searchParams.get('iss')).toBe(origin)
    expect(flow.code).toMatch(/^agc_/)
  })

  it('redirects access_denied when the user denies', async () => {
    const { env } = setup()
    const flow = await authorizeFlow(env)
    const denied = await call(oauthHandlers, 'oauthAuthorizeDecision', env, form({ ...flow.fields, decision: 'deny' }))
    const loc = new URL(denied.headers.location!)
    expect(loc.searchParams.get('error')).toBe('access_denied')
    expect(loc.searchParams.get('state')).toBe('st-123')
    expect(loc.searchParams.has('code')).toBe(false)
  })

  it('shows an error page, never a redirect, until client and redirect_uri are known good', async () => {
    const { env } = setup()
    const client = (await register(env)).json
    const challenge = challengeS256(createVerifier())
    const base = { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }
    for (const q of [
      { ...base, redirect_uri: redirectUri },
      { ...base, client_id: 'unknown', redirect_uri: redirectUri },
      { ...base, client_id: client.client_id, redirect_uri: 'https://evil.example.com/cb' },
    ]) {
      const res = await call(oauthHandlers, 'oauthAuthorize', env, { query: new URLSearchParams(q).toString() })
      expect(res.status).toBe(400)
      expect(res.headers.location).toBeUndefined()
      expect(res.body!.toString()).toContain('Authorization failed')
    }
  })

  it('redirects errors once the redirect_uri is valid: PKCE is required, S256 only', async () => {
    const { env } = setup()
    const client = (await register(env)).json
    const challenge = challengeS256(createVerifier())
    const base = { client_id: client.client_id, redirect_uri: 'http://127.0.0.1:40000/callback', state: 's' }
    const cases: [Record<string, string>, string][] = [
      [
        { response_type: 'token', code_challenge: challenge, code_challenge_method: 'S256' },
        'unsupported_response_type',
      ],
      [{ response_type: 'code' }, 'invalid_request'],
      [{ response_type: 'code', code_challenge: challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'code', code_challenge: challenge }, 'invalid_request'],
      [
        { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'admin' },
        'invalid_scope',
      ],
    ]
    for (const [q, error] of cases) {
      const res = await call(oauthHandlers, 'oauthAuthorize', env, {
        query: new URLSearchParams({ ...base, ...q }).toString(),
      })
      expect(res.status, JSON.stringify(q)).toBe(302)
      // RFC 8252 7.3: a loopback redirect may use any port
      const loc = new URL(res.headers.location!)
      expect(loc.port).toBe('40000')
      expect(loc.searchParams.get('error')).toBe(error)
      expect(loc.searchParams.get('state')).toBe('s')
    }
  })

  it('escapes what it echoes into the page', async () => {
    const { env } = setup()
    const client = (await register(env, { client_name: '<script>alert(1)</script>' })).json
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: challengeS256(createVerifier()),
      code_challenge_method: 'S256',
      state: '"><img src=x onerror=alert(1)>',
    })
    const html = (await call(oauthHandlers, 'oauthAuthorize', env, { query: q.toString() })).body!.toString()
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('"><img')
  })
})

describe('OAuth token endpoint', () => {
  it('exchanges the code with the PKCE verifier, rotates refresh tokens and revokes the family on reuse', async () => {
    const { env, state, clock } = setup({ options: { accessTokenTtlSeconds: 120 } })
    const flow = await authorizeFlow(env)
    const clientId = flow.client.client_id
    const exchange = codeExchange(flow)
    const wrongVerifier = await token(env, { ...exchange, code_verifier: createVerifier() })
    expect(wrongVerifier.status).toBe(400)
    expect(wrongVerifier.json.error).toBe('invalid_grant')
    const first = await token(env, exchange)
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.json).toEqual({
      access_token: expect.stringMatching(/^agat_/),
      token_type: 'Bearer',
      expires_in: 120,
      refresh_token: expect.stringMatching(/^agrt_/),
      scope: 'agentry:api',
      account_id: 'acc_demo',
    })
    expect(authenticate(`Bearer ${first.json.access_token}`, state, clock.now)).toMatchObject({ kind: 'oauth' })
    expect(() => authenticate(`Bearer ${first.json.access_token}`, state, clock.now + 120_000)).toThrow(/expired/)

    const refresh = (refresh_token: string) =>
      token(env, { grant_type: 'refresh_token', refresh_token, client_id: clientId })
    const second = await refresh(first.json.refresh_token)
    expect(second.status).toBe(200)
    expect(second.json.refresh_token).not.toBe(first.json.refresh_token)
    expect(second.json.access_token).not.toBe(first.json.access_token)
    const third = await refresh(second.json.refresh_token)
    expect(third.status).toBe(200)
    expect(state.counters.get('oauth.refresh')).toBe(2)

    // reuse of an already rotated refresh token: invalid_grant, and the whole family is revoked
    const reuse = await refresh(first.json.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.json).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('already used') })
    expect(() => authenticate(`Bearer ${third.json.access_token}`, state, clock.now)).toThrow(/revoked/)
    expect(() => authenticate(`Bearer ${first.json.access_token}`, state, clock.now)).toThrow(/revoked/)
    expect((await refresh(third.json.refresh_token)).json.error).toBe('invalid_grant')
    expect(state.counters.get('oauth.refresh')).toBe(2)
  })

  it('uses each code once, within 60 seconds, for its own client and redirect_uri', async () => {
    const { env, clock } = setup()
    const flow = await authorizeFlow(env)
    const exchange = codeExchange(flow)
    const other = (await register(env)).json.client_id
    expect((await token(env, { ...exchange, client_id: other })).json.error).toBe('invalid_grant')
    expect((await token(env, { ...exchange, redirect_uri: 'http://127.0.0.1:1/x' })).json.error).toBe('invalid_grant')
    expect((await token(env, { ...exchange, client_id: 'nope' })).status).toBe(401)
    const ok = await token(env, exchange)
    expect(ok.status).toBe(200)
    const again = await token(env, exchange)
    expect(again.json.error).toBe('invalid_grant')
    // RFC 6749 4.1.2: the tokens issued for a code that is used twice are revoked
    expect(
      (
        await token(env, {
          grant_type: 'refresh_token',
          refresh_token: ok.json.refresh_token,
          client_id: flow.client.client_id,
        })
      ).json.error,
    ).toBe('invalid_grant')

    const late = await authorizeFlow(env)
    clock.now += 60_000
    const expired = await token(env, codeExchange(late))
    expect(expired.json.error).toBe('invalid_grant')
  })

  it('answers RFC 6749 5.2 errors for malformed requests', async () => {
    const { env } = setup()
    expect((await token(env, {})).json.error).toBe('invalid_request')
    expect((await token(env, { grant_type: 'password' })).json.error).toBe('unsupported_grant_type')
    const unknownClient = await token(env, { grant_type: 'authorization_code', client_id: 'x', code: 'c' })
    expect(unknownClient.status).toBe(401)
    expect(unknownClient.json.error).toBe('invalid_client')
    const client = (await register(env)).json.client_id
    const noCode = await token(env, { grant_type: 'authorization_code', client_id: client })
    expect(noCode.json).toEqual({ error: 'invalid_request', error_description: 'code is required' })
    const json = await call(oauthHandlers, 'oauthToken', env, {
      json: { grant_type: 'refresh_token' },
      principal: null,
    })
    expect(json.status).toBe(400)
    expect(json.json.error).toBe('invalid_request')
  })
})

describe('OAuth revocation', () => {
  it('revokes a refresh token with its family, an access token alone, and always answers 200', async () => {
    const { env, state, clock } = setup()
    const flow = await authorizeFlow(env)
    const clientId = flow.client.client_id
    const t = (await token(env, codeExchange(flow))).json
    const revoke = (p: Record<string, string>) => call(oauthHandlers, 'oauthRevoke', env, form(p))
    expect((await revoke({ token: 'agat_unknown', client_id: clientId })).status).toBe(200)
    const other = (await register(env)).json.client_id
    // RFC 7009 2.1: another client's token is left alone, and the answer is still 200 (2.2).
    expect((await revoke({ token: t.access_token, client_id: other })).status).toBe(200)
    expect((await revoke({ token: t.refresh_token, client_id: other })).status).toBe(200)
    expect(authenticate(`Bearer ${t.access_token}`, state, clock.now)).toMatchObject({ kind: 'oauth' })
    // No client, or an unknown one: client authentication fails (401 invalid_client with a challenge).
    const noClient: Record<string, string>[] = [{ token: t.access_token }, { token: t.access_token, client_id: 'x' }]
    for (const p of noClient) {
      const res = await revoke(p)
      expect(res.status).toBe(401)
      expect(res.json.error).toBe('invalid_client')
      expect(res.headers['www-authenticate']).toMatch(/^Basic /)
    }
    expect(authenticate(`Bearer ${t.access_token}`, state, clock.now)).toMatchObject({ kind: 'oauth' })
    const mine = { client_id: clientId }
    expect((await revoke({ token: t.access_token, token_type_hint: 'access_token', ...mine })).status).toBe(200)
    expect(() => authenticate(`Bearer ${t.access_token}`, state, clock.now)).toThrow(/revoked/)
    const r = await token(env, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId })
    expect(r.status).toBe(200)
    expect((await revoke({ token: r.json.refresh_token, token_type_hint: 'refresh_token', ...mine })).status).toBe(200)
    expect(() => authenticate(`Bearer ${r.json.access_token}`, state, clock.now)).toThrow(/revoked/)
    const after = await token(env, {
      grant_type: 'refresh_token',
      refresh_token: r.json.refresh_token,
      client_id: clientId,
    })
    expect(after.json.error).toBe('invalid_grant')
    expect((await revoke(mine)).status).toBe(400)
  })
})
