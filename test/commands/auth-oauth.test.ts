import { stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { challengeS256 } from '../../src/auth/pkce.js'
import { run } from '../../src/cli.js'
import { credentialsFile } from '../../src/config/paths.js'
import type { OAuthGrant } from '../../src/config/schema.js'
import { loadConfig, loadCredentials, updateConfig, updateCredentials } from '../../src/config/store.js'
import { type TestContext, testContext, testOrigin } from '../helpers/test-context.js'
import { pollUntil } from '../helpers/poll.js'

const now = 1_750_000_000_000
const meta = {
  issuer: testOrigin,
  authorization_endpoint: `${testOrigin}/oauth/authorize`,
  token_endpoint: `${testOrigin}/oauth/token`,
  registration_endpoint: `${testOrigin}/oauth/register`,
  revocation_endpoint: `${testOrigin}/oauth/revoke`,
  scopes_supported: ['agentry:api'],
  code_challenge_methods_supported: ['S256'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_methods_supported: ['none'],
}
const tokens = {
  access_token: 'at_login_0123456789',
  refresh_token: 'rt_login_0123456789',
  expires_in: 3600,
  token_type: 'Bearer',
  scope: 'agentry:api',
  account_id: 'acc_oauth',
}
const bare = { AGENTRY_API_KEY: undefined, AGENTRY_ACCOUNT: undefined }

/** The authorization server on the MockAgent: discovery, registration and the token endpoint, recording bodies. */
function stubServer(t: TestContext, over: { meta?: object; token?: object | false } = {}) {
  const seen: { register?: Record<string, unknown>; token?: Record<string, string> } = {}
  t.http.get('/.well-known/oauth-authorization-server').reply(200, { ...meta, ...over.meta })
  t.http.post('/oauth/register').reply((req) => {
    seen.register = JSON.parse(String(req.body)) as Record<string, unknown>
    return { statusCode: 201, data: { client_id: 'cl_1', ...seen.register } }
  })
  // every stub must be called (test/helpers/test-context.ts): `token: false` for a run that gets no token
  if (over.token !== false)
    t.http.post('/oauth/token').reply((req) => {
      seen.token = Object.fromEntries(new URLSearchParams(String(req.body)))
      return { statusCode: 200, data: { ...tokens, ...over.token } }
    })
  return seen
}

/**
 * A browser that approves at once: it calls the loopback redirect with a code and the state it was given, and keeps
 * the page the loopback answers with in `pages`.
 */
function approvingBrowser(opened: URL[], answer: (u: URL) => string = () => 'code=code_1', pages: string[] = []) {
  return async (url: string) => {
    const u = new URL(url)
    opened.push(u)
    const res = await fetch(`${u.searchParams.get('redirect_uri')}?${answer(u)}&state=${u.searchParams.get('state')}`)
    pages.push(await res.text())
  }
}

/** Polls until `check` holds, failing after `ms` (test/helpers/poll.ts). */
const waitFor = (check: () => boolean, ms = 5_000) => pollUntil(check, { timeoutMs: ms })

describe('login (OAuth, in-process with a fake browser)', () => {
  it('discovers, registers a loopback client, sends PKCE S256 and state, exchanges the code and stores the grant', async () => {
    const opened: URL[] = []
    const t = testContext({ env: bare, now: () => now, openBrowser: approvingBrowser(opened) })
    const seen = stubServer(t)
    expect(await t.run(['login'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    const u = opened[0]!
    const redirect = u.searchParams.get('redirect_uri')!
    expect(u.origin + u.pathname).toBe(`${testOrigin}/oauth/authorize`)
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'cl_1',
      code_challenge_method: 'S256',
      scope: 'agentry:api',
    })
    expect(u.searchParams.get('state')).toMatch(/^[\w-]{32}$/)
    // RFC 8252 7.3: registered once without a port, so that later logins reuse the client whatever port they get.
    expect(seen.register).toMatchObject({
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    })
    expect(seen.token).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code_1',
      redirect_uri: redirect,
      client_id: 'cl_1',
    })
    expect(challengeS256(seen.token!.code_verifier!)).toBe(u.searchParams.get('code_challenge'))
    const grant = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(grant).toEqual({
      accessToken: 'at_login_0123456789',
      refreshToken: 'rt_login_0123456789',
      expiresAt: now + 3_600_000,
      clientId: 'cl_1',
      issuer: testOrigin,
      tokenEndpoint: `${testOrigin}/oauth/token`,
      revocationEndpoint: `${testOrigin}/oauth/revoke`,
      scope: 'agentry:api',
      accountId: 'acc_oauth',
    })
    expect((await stat(credentialsFile(t.configDir))).mode & 0o777).toBe(0o600)
    expect((await loadConfig(t.configDir)).profiles.default).toEqual({
      baseUrl: `${testOrigin}/api/v1beta`,
      account: 'acc_oauth',
    })
    expect(t.stderr()).toContain(u.toString())
    expect(t.stdout()).toBe('')
    expect(t.stdout() + t.stderr()).not.toMatch(/at_login|rt_login|code_1/)
  })

  it('keeps an account the profile already has, and replaces a stored API key', async () => {
    const t = testContext({ env: bare, openBrowser: approvingBrowser([]) })
    stubServer(t)
    await updateCredentials(t.configDir, (c) => {
      c.profiles.default = { apiKey: 'agk_old_0123456789' }
    })
    expect(await t.run(['config', 'set', 'account', 'acc_mine'])).toBe(0)
    expect(await t.run(['oauth', 'login'])).toBe(0)
    expect((await loadConfig(t.configDir)).profiles.default?.account).toBe('acc_mine')
    expect((await loadCredentials(t.configDir)).profiles.default?.apiKey).toBeUndefined()
  })

  it('with --no-browser only prints the URL; a wrong-state callback is ignored; the right one completes', async () => {
    const t = testContext({
      env: bare,
      openBrowser: async () => {
        throw new Error('must not open a browser')
      },
    })
    stubServer(t)
    const done = t.run(['login', '--no-browser'])
    await waitFor(() => /http:\/\/agentry\.test\/oauth\/authorize\?\S+/.test(t.stderr()))
    const u = new URL(/(http:\/\/agentry\.test\/oauth\/authorize\?\S+)/.exec(t.stderr())![1]!)
    const cb = u.searchParams.get('redirect_uri')!
    expect((await fetch(`${cb}?code=evil&state=wrong`)).status).toBe(400)
    expect((await fetch(`${cb}?code=code_1&state=${u.searchParams.get('state')}`)).status).toBe(200)
    expect(await done).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default?.oauth?.accessToken).toBe('at_login_0123456789')
  })

  it('exits 4 when the user denies access in the browser, storing no grant', async () => {
    const t = testContext({ env: bare, openBrowser: approvingBrowser([], () => 'error=access_denied') })
    t.http.get('/.well-known/oauth-authorization-server').reply(200, meta)
    t.http.post('/oauth/register').reply(201, { client_id: 'cl_1' })
    expect(await t.run(['login'])).toBe(4)
    expect(t.stderr()).toMatch(/error: the login was denied in the browser/)
    expect((await loadCredentials(t.configDir)).profiles).toEqual({})
  })

  it('exits 124 when the browser never comes back', async () => {
    const t = testContext({ env: bare, openBrowser: async () => {} })
    t.http.get('/.well-known/oauth-authorization-server').reply(200, meta)
    t.http.post('/oauth/register').reply(201, { client_id: 'cl_1' })
    expect(await t.run(['login', '--wait', '1'])).toBe(124)
    expect(t.stderr()).toMatch(/no answer from the browser within 1 s/)
  })

  it('exits 130 on Ctrl-C while waiting', async () => {
    const t = testContext({ env: bare, openBrowser: async () => {} })
    t.http.get('/.well-known/oauth-authorization-server').reply(200, meta)
    t.http.post('/oauth/register').reply(201, { client_id: 'cl_1' })
    const ctx = t.newContext()
    const done = run(['login'], ctx)
    await waitFor(() => t.stderr().includes('Waiting for the browser'))
    ctx.abort.abort()
    expect(await done).toBe(130)
  })

  it('tells the browser "Logged in" only once the grant is stored, and how it failed otherwise', async () => {
    const pages: string[] = []
    const ok = testContext({ env: bare, openBrowser: approvingBrowser([], undefined, pages) })
    stubServer(ok)
    expect(await ok.run(['login'])).toBe(0)
    expect(pages[0]).toContain('<h1>Logged in</h1>')
    expect(pages[0]).toContain('logged in to http://agentry.test (account acc_oauth)')
    // the token endpoint fails: the terminal exits 7, and the browser must not say "Logged in"
    const down = testContext({ env: bare, openBrowser: approvingBrowser([], undefined, pages) })
    stubServer(down, { token: false })
    down.http
      .post('/oauth/token')
      .reply(503, { error: { message: 'token service down' } })
      .persist()
    expect(await down.run(['login'])).toBe(7)
    expect(pages[1]).toContain('<h1>Login failed</h1>')
    expect(pages[1]).not.toContain('Logged in')
    expect((await loadCredentials(down.configDir)).profiles).toEqual({})
    // an authorization response from another issuer (RFC 9207): exit 4, nothing exchanged
    const mixup = testContext({
      env: bare,
      openBrowser: approvingBrowser([], () => 'code=code_1&iss=https%3A%2F%2Fevil.example', pages),
    })
    stubServer(mixup, { token: false, meta: { authorization_response_iss_parameter_supported: true } })
    expect(await mixup.run(['login'])).toBe(4)
    expect(pages[2]).toContain('<h1>Login failed</h1>')
    expect(pages[2]).toContain('comes from another issuer')
  })

  it('shows the browser the error the server sent (escaped); "cancelled" only when access was denied', async () => {
    const pages: string[] = []
    const failed = testContext({
      env: bare,
      openBrowser: approvingBrowser([], () => 'error=server_error&error_description=%3Cb%3Edown%3C%2Fb%3E', pages),
    })
    stubServer(failed, { token: false })
    expect(await failed.run(['login'])).toBe(4)
    expect(failed.stderr()).toMatch(/refused the login \(server_error\)/)
    expect(pages[0]).toContain('<h1>Login failed</h1>')
    expect(pages[0]).toContain('server_error')
    expect(pages[0]).toContain('&#60;b&#62;down&#60;/b&#62;')
    expect(pages[0]).not.toMatch(/cancelled|<b>/)
    const denied = testContext({ env: bare, openBrowser: approvingBrowser([], () => 'error=access_denied', pages) })
    stubServer(denied, { token: false })
    expect(await denied.run(['login'])).toBe(4)
    expect(pages[1]).toContain('<h1>Login cancelled</h1>')
  })

  it('a second OAuth login says which login it replaces', async () => {
    const t = testContext({ env: bare, openBrowser: approvingBrowser([]) })
    await updateCredentials(t.configDir, (c) => {
      c.profiles.default = {
        oauth: { accessToken: 'at_old_0123456789', clientId: 'cl_0', tokenEndpoint: 'x', accountId: 'acc_before' },
      }
    })
    stubServer(t)
    expect(await t.run(['login'])).toBe(0)
    expect(t.stderr()).toContain(
      'the OAuth login replaces the earlier OAuth login (account acc_before) stored for profile default',
    )
    expect(t.stderr()).not.toContain('at_old')
  })

  it('refuses metadata whose issuer is another server (RFC 8414 3.3)', async () => {
    const t = testContext({ env: bare, openBrowser: async () => {} })
    t.http.get('/.well-known/oauth-authorization-server').reply(200, { ...meta, issuer: 'https://evil.example' })
    expect(await t.run(['login'])).toBe(4)
    expect(t.stderr()).toMatch(/names issuer https:\/\/evil\.example/)
  })

  it('logs in to the service itself when no base URL is set, and keeps no default in the profile', async () => {
    const t = testContext({ env: { ...bare, AGENTRY_BASE_URL: undefined }, openBrowser: async () => {} })
    // the first thing asked is the service's own metadata document; a refusal there ends the login (exit 4)
    t.agent
      .get('https://brightsy.ai')
      .intercept({ path: '/.well-known/oauth-authorization-server', method: 'GET' })
      .reply(200, { ...meta, issuer: 'https://evil.example' })
    expect(await t.run(['login'])).toBe(4)
    expect(t.stderr()).toMatch(/names issuer https:\/\/evil\.example/)
    expect(t.stderr()).not.toMatch(/no base URL/)
  })
})

const stored = (over: Partial<OAuthGrant> = {}): OAuthGrant => ({
  accessToken: 'at_cur_0123456789',
  refreshToken: 'rt_cur_0123456789',
  expiresAt: now + 600_000,
  clientId: 'cl_1',
  issuer: testOrigin,
  tokenEndpoint: `${testOrigin}/oauth/token`,
  revocationEndpoint: `${testOrigin}/oauth/revoke`,
  scope: 'agentry:api',
  accountId: 'acc_oauth',
  ...over,
})
async function loggedIn(grant = stored()) {
  const t = testContext({ env: bare, now: () => now })
  await updateCredentials(
    t.configDir,
    (c) => {
      c.profiles.default = { oauth: grant }
    },
    testOrigin,
  )
  return t
}

describe('oauth status / token / refresh / register', () => {
  it('status shows expiry and never a token', async () => {
    const t = await loggedIn()
    expect(await t.run(['oauth', 'status', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({
      profile: 'default',
      loggedIn: true,
      issuer: testOrigin,
      clientId: 'cl_1',
      account: 'acc_oauth',
      scope: 'agentry:api',
      expiresAt: new Date(now + 600_000).toISOString(),
      expiresInSeconds: 600,
      expired: false,
      refreshable: true,
    })
    expect(t.stdout()).not.toMatch(/at_cur|rt_cur/)
  })

  it('status exits 4 when not logged in with OAuth', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['oauth', 'status'])).toBe(4)
    expect(t.stderr()).toMatch(/profile default is not logged in with OAuth/)
  })

  it('token prints the access token, refreshing it first when it is about to expire', async () => {
    const t = await loggedIn()
    expect(await t.run(['oauth', 'token'])).toBe(0)
    expect(t.stdout()).toBe('at_cur_0123456789\n')
    const u = await loggedIn(stored({ expiresAt: now + 10_000 }))
    u.http
      .post('/oauth/token')
      .reply(200, { access_token: 'at_next_0123456789', refresh_token: 'rt_n_123456', expires_in: 3600 })
    expect(await u.run(['oauth', 'token'])).toBe(0)
    expect(u.stdout()).toBe('at_next_0123456789\n')
  })

  it('whoami describes the OAuth credential', async () => {
    const t = await loggedIn()
    expect(await t.run(['whoami', '--no-check', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({
      kind: 'oauth',
      source: 'profile default (OAuth, credentials.json)',
      account: 'acc_oauth',
      expiresAt: new Date(now + 600_000).toISOString(),
      clientId: 'cl_1',
    })
    expect(t.stdout()).not.toMatch(/at_cur|rt_cur/)
  })

  it('whoami exits 4 when the login server refuses the grant (invalid_client, invalid_grant), as gh auth status does', async () => {
    for (const error of ['invalid_client', 'invalid_grant']) {
      const t = await loggedIn(stored({ expiresAt: now - 1000 }))
      t.http.post('/oauth/token').reply(400, { error, error_description: 'no such client' })
      expect(await t.run(['--account', 'acc_oauth', 'whoami', '--json']), error).toBe(4)
      expect(JSON.parse(t.stdout())).toMatchObject({
        check: 'rejected',
        source: 'profile default (OAuth, credentials.json)',
      })
      expect(t.stderr()).toMatch(/error: the service refused this credential/)
    }
  })

  it('refresh spends the refresh token even when the access token is fresh', async () => {
    const t = await loggedIn()
    let body = ''
    t.http.post('/oauth/token').reply((req) => {
      body = String(req.body)
      return {
        statusCode: 200,
        data: { access_token: 'at_r_0123456789', refresh_token: 'rt_r_0123456789', expires_in: 60 },
      }
    })
    expect(await t.run(['oauth', 'refresh', '--json'])).toBe(0)
    expect(new URLSearchParams(body).get('refresh_token')).toBe('rt_cur_0123456789')
    expect(JSON.parse(t.stdout())).toMatchObject({ expiresInSeconds: 60 })
    expect((await loadCredentials(t.configDir)).profiles.default?.oauth?.refreshToken).toBe('rt_r_0123456789')
  })

  it('register prints the new client id', async () => {
    const t = testContext({ env: bare })
    const seen = stubServer(t, { token: false })
    expect(await t.run(['oauth', 'register'])).toBe(0)
    expect(t.stdout()).toBe('cl_1\n')
    expect(seen.register).toMatchObject({
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    })
  })

  it('register sends every --redirect-uri (repeated or several after one flag), --name and --scope', async () => {
    const t = testContext({ env: bare })
    const seen = stubServer(t, { token: false })
    const argv = ['oauth', 'register', '--redirect-uri', 'http://127.0.0.1/a', 'https://app.example/b']
    expect(
      await t.run([...argv, '--redirect-uri', 'http://[::1]/c', '--name', 'Mine', '--scope', 'x:y', '--json']),
    ).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ client_id: 'cl_1' })
    expect(seen.register).toMatchObject({
      redirect_uris: ['http://127.0.0.1/a', 'https://app.example/b', 'http://[::1]/c'],
      client_name: 'Mine',
      scope: 'x:y',
    })
  })
})

describe('logout (OAuth)', () => {
  it('revokes the refresh and access tokens (RFC 7009) and forgets the grant', async () => {
    const t = await loggedIn()
    const revoked: Record<string, string>[] = []
    t.http
      .post('/oauth/revoke')
      .reply((req) => {
        revoked.push(Object.fromEntries(new URLSearchParams(String(req.body))))
        return { statusCode: 200, data: '' }
      })
      .times(2)
    expect(await t.run(['oauth', 'logout'])).toBe(0)
    expect(revoked).toEqual([
      { token: 'rt_cur_0123456789', token_type_hint: 'refresh_token', client_id: 'cl_1' },
      { token: 'at_cur_0123456789', token_type_hint: 'access_token', client_id: 'cl_1' },
    ])
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
    expect(t.stderr()).toMatch(/removed its OAuth tokens \(revoked\)/)
  })

  it('config profiles delete of an OAuth profile revokes its tokens as logout does (issue 22 item 15)', async () => {
    const t = await loggedIn()
    await updateConfig(t.configDir, (cfg) => {
      cfg.profiles.default = { output: 'json' }
    })
    const revoked: string[] = []
    t.http
      .post('/oauth/revoke')
      .reply((req) => {
        revoked.push(new URLSearchParams(String(req.body)).get('token_type_hint') ?? '')
        return { statusCode: 200, data: '' }
      })
      .times(2)
    expect(await t.run(['config', 'profiles', 'delete', 'default', '--yes'])).toBe(0)
    expect(revoked).toEqual(['refresh_token', 'access_token'])
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
    expect(t.stderr()).toMatch(/deleted profile default and its OAuth tokens \(revoked\)/)
  })

  it('still forgets the grant when revocation fails', async () => {
    const t = await loggedIn()
    t.http.post('/oauth/revoke').reply(500, { error: { message: 'boom' } })
    expect(await t.run(['logout'])).toBe(0)
    expect(t.stderr()).toMatch(/warning: could not revoke the OAuth tokens/)
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
  })
})
