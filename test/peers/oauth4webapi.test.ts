// A peer's OAuth client against the emulator's authorization server: oauth4webapi (panva), the strict, spec-following
// client library. Everything on 127.0.0.1 over plain HTTP (allowed with its allowInsecureRequests option); the
// browser is played with plain HTTP requests (../helpers/oauth-browser.ts). These tests fail when the emulator drifts
// from what a conforming client accepts.
import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'
import { consent } from '../helpers/oauth-browser.js'

const fx = emulatorFixture()
const insecure = { [oauth.allowInsecureRequests]: true } as const
const redirectUri = 'http://127.0.0.1:8765/cb'

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(fx.emu.url)
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
  )
}

async function register(as: oauth.AuthorizationServer): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [redirectUri], client_name: 'oauth4webapi', token_endpoint_auth_method: 'none' },
    insecure,
  )
  return oauth.processDynamicClientRegistrationResponse(res)
}

/** Authorization code + PKCE, validating the response (state and RFC 9207 iss) as oauth4webapi does. */
async function codeFlow(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  resource?: string,
  clientAuth: oauth.ClientAuth = oauth.None(),
) {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const url = new URL(as.authorization_endpoint!)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    scope: 'agentry:api',
    ...(resource ? { resource } : {}),
  }).toString()
  const back = await consent(url.toString())
  const params = oauth.validateAuthResponse(as, client, back, state)
  const res = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, {
    ...insecure,
    ...(resource ? { additionalParameters: { resource } } : {}),
  })
  return oauth.processAuthorizationCodeResponse(as, client, res)
}

const refresh = async (as: oauth.AuthorizationServer, client: oauth.Client, token: string) =>
  oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, insecure),
  )

const callApi = (token: string) =>
  oauth.protectedResourceRequest(
    token,
    'GET',
    new URL(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`),
    undefined,
    undefined,
    insecure,
  )

describe('oauth4webapi against the emulator', () => {
  it('discovers the server (RFC 8414) with iss advertised, and registers a public client (RFC 7591)', async () => {
    const as = await discover()
    expect(as.issuer).toBe(fx.emu.url)
    expect(as.authorization_response_iss_parameter_supported).toBe(true)
    expect(as.code_challenge_methods_supported).toContain('S256')
    const client = await register(as)
    expect(client.client_id).toMatch(/^agcl_/)
    expect(client.token_endpoint_auth_method).toBe('none')
  })

  it('runs code + PKCE with the iss check, rotates refresh tokens, and revokes the family on reuse', async () => {
    const as = await discover()
    const client = await register(as)
    const first = await codeFlow(as, client)
    expect(first.token_type).toBe('bearer')
    expect((await callApi(first.access_token)).status).toBe(200)
    const second = await refresh(as, client, first.refresh_token!)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await callApi(second.access_token)).status).toBe(200)
    // Reuse of the rotated-away refresh token: refused, and the whole family goes with it (OAuth 2.1 4.14.2).
    const reuse = await refresh(as, client, first.refresh_token!).catch((e: unknown) => e)
    expect(reuse).toBeInstanceOf(oauth.ResponseBodyError)
    expect((reuse as oauth.ResponseBodyError).error).toBe('invalid_grant')
    const after = await refresh(as, client, second.refresh_token!).catch((e: unknown) => e)
    expect((after as oauth.ResponseBodyError).error).toBe('invalid_grant')
    const denied = await callApi(second.access_token).catch((e: unknown) => e)
    expect(denied).toBeInstanceOf(oauth.WWWAuthenticateChallengeError)
  })

  it('rejects an authorization response whose iss is not the issuer (RFC 9207 mix-up defence)', async () => {
    const as = await discover()
    const client = await register(as)
    const state = oauth.generateRandomState()
    const url = new URL(as.authorization_endpoint!)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      state,
    }).toString()
    const back = await consent(url.toString())
    expect(back.searchParams.get('iss')).toBe(fx.emu.url)
    expect(() => oauth.validateAuthResponse(as, client, back, state)).not.toThrow()
    const forged = new URL(back)
    forged.searchParams.set('iss', 'http://127.0.0.1:1')
    expect(() => oauth.validateAuthResponse(as, client, forged, state)).toThrow(/iss/)
    forged.searchParams.delete('iss')
    expect(() => oauth.validateAuthResponse(as, client, forged, state)).toThrow(/iss/)
  })

  it('revokes tokens (RFC 7009): the access token stops working', async () => {
    const as = await discover()
    const client = await register(as)
    const t = await codeFlow(as, client)
    const other = await register(as)
    // Another client's revocation is accepted (200) but leaves the token alone.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, other, oauth.None(), t.access_token, insecure),
    )
    expect((await callApi(t.access_token)).status).toBe(200)
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), t.refresh_token!, insecure),
    )
    const res = await callApi(t.access_token).catch((e: unknown) => e)
    expect(res).toBeInstanceOf(oauth.WWWAuthenticateChallengeError)
  })

  it('refuses a public client that authenticates anyway, and a revocation without a client: invalid_client, 401 with a challenge (RFC 6749 5.2)', async () => {
    const as = await discover()
    const client = await register(as)
    const challenged = (err: unknown) => {
      expect(err).toBeInstanceOf(oauth.WWWAuthenticateChallengeError)
      const e = err as oauth.WWWAuthenticateChallengeError
      expect(e.status).toBe(401)
      expect(e.cause[0]).toMatchObject({ scheme: 'basic', parameters: { error: 'invalid_client' } })
    }
    for (const auth of [oauth.ClientSecretBasic('s3cret'), oauth.ClientSecretPost('s3cret')])
      challenged(await codeFlow(as, client, undefined, auth).catch((e: unknown) => e))
    const t = await codeFlow(as, client)
    const basic = await oauth.revocationRequest(as, client, oauth.ClientSecretBasic('s3cret'), t.access_token, insecure)
    challenged(await oauth.processRevocationResponse(basic).catch((e: unknown) => e))
    const anonymous = await fetch(as.revocation_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.access_token }),
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+", error="invalid_client"$/)
    expect(((await anonymous.json()) as { error: string }).error).toBe('invalid_client')
    expect((await callApi(t.access_token)).status).toBe(200)
  })

  it('finds the protected resource metadata (RFC 9728) from a 401 challenge and follows it to the server', async () => {
    const err = (await callApi('agat_nothing').catch((e: unknown) => e)) as oauth.WWWAuthenticateChallengeError
    expect(err).toBeInstanceOf(oauth.WWWAuthenticateChallengeError)
    const bearer = err.cause.find((c) => c.scheme === 'bearer')!
    expect(bearer.parameters.error).toBe('invalid_token')
    const metadataUrl = new URL(bearer.parameters.resource_metadata!)
    const rs = await oauth.processResourceDiscoveryResponse(
      new URL(fx.emu.baseUrl),
      await fetch(metadataUrl, { headers: { accept: 'application/json' } }),
    )
    expect(rs.resource).toBe(fx.emu.baseUrl)
    // The same document through oauth4webapi's own RFC 9728 3.1 well-known URL construction.
    const direct = await oauth.processResourceDiscoveryResponse(
      new URL(fx.emu.baseUrl),
      await oauth.resourceDiscoveryRequest(new URL(fx.emu.baseUrl), insecure),
    )
    expect(direct.authorization_servers).toEqual([fx.emu.url])
    // …and on to a resource-bound token (RFC 8707) from the server it names.
    const issuer = new URL(direct.authorization_servers![0]!)
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
    )
    const client = await register(as)
    const t = await codeFlow(as, client, rs.resource)
    expect(fx.emu.state.oauthTokens.get(t.access_token)?.resource).toBe(fx.emu.baseUrl)
    expect((await callApi(t.access_token)).status).toBe(200)
  })
})
