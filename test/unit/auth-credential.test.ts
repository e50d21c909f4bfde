import { chmod, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiKeyShapeProblem, keyHint, readKeyFile } from '../../src/auth/credential.js'
import { authorizationUrl, chooseScope, grantFromTokens, type OAuthMetadata } from '../../src/auth/oauth.js'
import { tempDir } from '../helpers/temp-dir.js'

let dir: string
beforeEach(async () => {
  dir = tempDir('agentry-cred-')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('keyHint', () => {
  it('shows at most 7 characters and never more than half of the key (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 40 }).chain((n) => fc.string({ minLength: n, maxLength: n })),
        (key) => {
          const hint = keyHint(key)
          const shown = hint.replace(/…$/, '')
          expect(key.startsWith(shown)).toBe(true)
          expect(shown.length).toBeLessThanOrEqual(7)
          expect(shown.length * 2).toBeLessThanOrEqual(key.length)
        },
      ),
      { numRuns: 500 },
    )
    expect(keyHint('agk_demo_0123456789abcdef')).toBe('agk_dem…')
  })
})

describe('apiKeyShapeProblem', () => {
  it('accepts plausible keys and names the problem with the rest', () => {
    expect(apiKeyShapeProblem('agk_live_0123456789')).toBeUndefined()
    expect(apiKeyShapeProblem('')).toMatch(/empty/)
    expect(apiKeyShapeProblem('Bearer agk_live_0123456789')).toMatch(/Bearer/)
    expect(apiKeyShapeProblem('agk_1\nagk_2_xxxx')).toMatch(/one line/)
    expect(apiKeyShapeProblem('agk live 0123456789')).toMatch(/spaces/)
    expect(apiKeyShapeProblem('agk_é_0123456789')).toMatch(/HTTP header/)
    expect(apiKeyShapeProblem('abc')).toMatch(/too short/)
  })
})

describe('readKeyFile', () => {
  it('reads the first line of a private file', async () => {
    const f = join(dir, 'key')
    await writeFile(f, '  agk_file_0123456789  \nsecond line\n', { mode: 0o600 })
    expect(await readKeyFile(f)).toBe('agk_file_0123456789')
  })

  it.skipIf(process.platform === 'win32')(
    'refuses a group-readable file (exit 4) and an empty one (exit 2)',
    async () => {
      const f = join(dir, 'key')
      await writeFile(f, 'agk_file_0123456789\n')
      await chmod(f, 0o640)
      await expect(readKeyFile(f)).rejects.toMatchObject({ exitCode: 4, hint: `run: chmod 600 ${f}` })
      await chmod(f, 0o600)
      await writeFile(f, '\n')
      await expect(readKeyFile(f)).rejects.toMatchObject({ exitCode: 2 })
      await expect(readKeyFile(join(dir, 'missing'))).rejects.toMatchObject({ exitCode: 2 })
    },
  )
})

const meta: OAuthMetadata = {
  issuer: 'https://h.example',
  authorization_endpoint: 'https://h.example/oauth/authorize?tenant=x',
  token_endpoint: 'https://h.example/oauth/token',
}

describe('OAuth helpers', () => {
  it('builds the authorization request of RFC 6749 4.1.1 with PKCE, keeping existing query parameters', () => {
    const u = new URL(
      authorizationUrl(meta, {
        clientId: 'c 1',
        redirectUri: 'http://127.0.0.1:5000/callback',
        codeChallenge: 'ch',
        state: 'st',
        scope: 'svc:api',
      }),
    )
    expect(Object.fromEntries(u.searchParams)).toEqual({
      tenant: 'x',
      response_type: 'code',
      client_id: 'c 1',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 'st',
      scope: 'svc:api',
    })
  })

  it('picks the service scope', () => {
    expect(chooseScope({ ...meta, scopes_supported: ['openid', 'agentry:api'] })).toBe('agentry:api')
    expect(chooseScope({ ...meta, scopes_supported: ['other'] })).toBe('other')
    expect(chooseScope(meta)).toBeUndefined()
  })

  it('keeps what the token response leaves out (refresh token, scope, account) from the previous grant', () => {
    const base = {
      clientId: 'c',
      tokenEndpoint: 't',
      refreshToken: 'rt_old',
      scope: 's',
      accountId: 'acc',
      revocationEndpoint: 'r',
    }
    expect(grantFromTokens({ access_token: 'at', expires_in: 10 }, base, 1000)).toEqual({
      accessToken: 'at',
      refreshToken: 'rt_old',
      expiresAt: 11_000,
      clientId: 'c',
      tokenEndpoint: 't',
      revocationEndpoint: 'r',
      scope: 's',
      accountId: 'acc',
    })
    expect(grantFromTokens({ access_token: 'at', refresh_token: 'rt_new' }, base, 0)).not.toHaveProperty('expiresAt')
  })
})
