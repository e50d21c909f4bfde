import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { grantFromTokens } from '../../src/auth/oauth.js'
import { needsRefresh, oauthCredential, refreshStoredGrant } from '../../src/auth/token-provider.js'
import { credentialsFile } from '../../src/config/paths.js'
import type { OAuthGrant } from '../../src/config/schema.js'
import { loadCredentials, updateCredentials } from '../../src/config/store.js'
import { CliError } from '../../src/errors.js'
import { testContext, testOrigin } from '../helpers/test-context.js'

const now = 1_750_000_000_000
const grant = (over: Partial<OAuthGrant> = {}): OAuthGrant => ({
  accessToken: 'at_old_0123456789',
  refreshToken: 'rt_old_0123456789',
  expiresAt: now + 30_000,
  clientId: 'client_1',
  tokenEndpoint: `${testOrigin}/oauth/token`,
  revocationEndpoint: `${testOrigin}/oauth/revoke`,
  scope: 'agentry:api',
  ...over,
})

async function setup(g: OAuthGrant = grant()) {
  const t = testContext({ env: { AGENTRY_API_KEY: undefined }, now: () => now })
  await updateCredentials(
    t.configDir,
    (c) => {
      c.profiles.default = { oauth: g }
    },
    testOrigin,
  )
  const bodies: string[] = []
  const stubRefresh = (n: number, access = 'at_new_0123456789', refresh = 'rt_new_0123456789') =>
    t.http
      .post('/oauth/token')
      .reply((req) => {
        bodies.push(String(req.body))
        const data = { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer' }
        return { statusCode: 200, data }
      })
      .times(n)
  return { t, bodies, stubRefresh }
}

describe('grantFromTokens', () => {
  const base = { clientId: 'cli', tokenEndpoint: 'http://127.0.0.1/token' }
  it('stores the expiry from expires_in, and none for a lifetime no date can hold', () => {
    expect(grantFromTokens({ access_token: 't', expires_in: 60 }, base, 1_000).expiresAt).toBe(61_000)
    const forever = grantFromTokens({ access_token: 't', expires_in: 1e300 }, base, 1_000)
    expect(forever.expiresAt).toBeUndefined()
    expect(needsRefresh(forever, Date.now())).toBe(false)
  })
})

describe('needsRefresh', () => {
  it('refreshes within the skew before expiry, never without an expiry', () => {
    expect(needsRefresh(grant({ expiresAt: now + 61_000 }), now)).toBe(false)
    expect(needsRefresh(grant({ expiresAt: now + 60_000 }), now)).toBe(true)
    expect(needsRefresh(grant({ expiresAt: now - 1 }), now)).toBe(true)
    expect(needsRefresh(grant({ expiresAt: undefined }), now)).toBe(false)
  })
})

describe('oauthCredential', () => {
  it('returns a fresh token without any request', async () => {
    const { t } = await setup(grant({ expiresAt: now + 3_600_000 }))
    const cred = oauthCredential(t.ctx, 'default', grant({ expiresAt: now + 3_600_000 }))
    expect(await cred.token()).toBe('at_old_0123456789')
    t.agent.assertNoPendingInterceptors()
  })

  it('refreshes an expiring token once for many concurrent callers (single flight), and stores the rotation', async () => {
    const { t, bodies, stubRefresh } = await setup()
    stubRefresh(1)
    const cred = oauthCredential(t.ctx, 'default', grant())
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cred.token()))
    expect(new Set(tokens)).toEqual(new Set(['at_new_0123456789']))
    expect(bodies).toHaveLength(1)
    expect(Object.fromEntries(new URLSearchParams(bodies[0]))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt_old_0123456789',
      client_id: 'client_1',
    })
    const stored = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(stored).toMatchObject({
      accessToken: 'at_new_0123456789',
      refreshToken: 'rt_new_0123456789',
      expiresAt: now + 3_600_000,
      clientId: 'client_1',
      revocationEndpoint: `${testOrigin}/oauth/revoke`,
      scope: 'agentry:api',
    })
    expect(t.ctx.redactor.text('x at_new_0123456789 rt_new_0123456789 at_old_0123456789')).toBe(
      'x [REDACTED] [REDACTED] [REDACTED]',
    )
  })

  it('uses the token another process already refreshed instead of spending the refresh token again', async () => {
    const { t, bodies, stubRefresh } = await setup()
    stubRefresh(1)
    // Two runs (as two processes would) holding the same stale grant; they share only the credentials file.
    const a = oauthCredential(t.newContext(), 'default', grant())
    const b = oauthCredential(t.newContext(), 'default', grant())
    const [ta, tb] = await Promise.all([a.token(), b.token()])
    expect([ta, tb]).toEqual(['at_new_0123456789', 'at_new_0123456789'])
    expect(bodies).toHaveLength(1)
  })

  it('refreshes once after a 401, and not when the file already holds a newer token', async () => {
    const { t, bodies, stubRefresh } = await setup(grant({ expiresAt: now + 3_600_000 }))
    stubRefresh(1)
    const cred = oauthCredential(t.ctx, 'default', grant({ expiresAt: now + 3_600_000 }))
    expect(await cred.onUnauthorized?.()).toBe(true)
    expect(await cred.token()).toBe('at_new_0123456789')
    expect(bodies).toHaveLength(1)
    // A second process still holding the old token: the file has a newer fresh one, so no refresh is spent.
    const other = oauthCredential(t.newContext(), 'default', grant({ expiresAt: now + 3_600_000 }))
    expect(await other.onUnauthorized?.()).toBe(true)
    expect(await other.token()).toBe('at_new_0123456789')
    expect(bodies).toHaveLength(1)
  })

  it('turns a refused refresh (invalid_grant) into exit 4 and leaves the file untouched', async () => {
    const { t } = await setup()
    t.http.post('/oauth/token').reply(400, { error: 'invalid_grant', error_description: 'reused' })
    const before = await readFile(credentialsFile(t.configDir), 'utf8')
    const err = await oauthCredential(t.ctx, 'default', grant())
      .token()
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CliError)
    expect((err as CliError).exitCode).toBe(4)
    expect((err as CliError).message).toContain('invalid_grant')
    expect((err as CliError).hint).toMatch(/agentry login/)
    expect(await readFile(credentialsFile(t.configDir), 'utf8')).toBe(before)
  })

  it('keeps the old refresh token when the server does not rotate it', async () => {
    const { t } = await setup()
    t.http.post('/oauth/token').reply(200, { access_token: 'at_2_0123456789', expires_in: 60 })
    const g = await refreshStoredGrant(t.ctx, 'default', 'forced', 'at_old_0123456789')
    expect(g).toMatchObject({
      accessToken: 'at_2_0123456789',
      refreshToken: 'rt_old_0123456789',
      expiresAt: now + 60_000,
    })
  })

  it('sends an expired token as is when there is no refresh token (the server decides)', async () => {
    const { t } = await setup(grant({ refreshToken: undefined }))
    const cred = oauthCredential(t.ctx, 'default', grant({ refreshToken: undefined }))
    expect(await cred.token()).toBe('at_old_0123456789')
    await expect(cred.onUnauthorized?.()).rejects.toThrow(/no refresh token/)
  })
})
