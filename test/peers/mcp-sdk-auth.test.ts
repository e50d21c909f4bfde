// The MCP SDK's OAuth client (`auth()` from @modelcontextprotocol/sdk/client/auth.js) against the emulator, the way an
// MCP client meets a protected server: a 401 with a resource_metadata challenge (RFC 9728), discovery, dynamic
// registration with the SDK example's client metadata (it asks for client_secret_post, which the emulator replaces by
// none, RFC 7591 3.2.1), code + PKCE with the RFC 8707 resource, and a refresh.
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'
import { consent } from '../helpers/oauth-browser.js'

const fx = emulatorFixture()
const redirectUri = 'http://127.0.0.1:8090/callback'

/** An in-memory provider, shaped like the SDK's example client (simpleOAuthClient). */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  opened: URL | undefined
  get redirectUrl() {
    return redirectUri
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Simple OAuth MCP Client',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      scope: 'agentry:api',
    }
  }
  state() {
    return 'mcp-state-123'
  }
  clientInformation() {
    return this.client
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.opened = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

const agents = (token?: string) =>
  fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, token ? { headers: { authorization: `Bearer ${token}` } } : {})

describe("the MCP SDK's auth() against the emulator", () => {
  it('completes from a 401 challenge: registration (client_secret_post replaced), code + PKCE, resource, refresh', async () => {
    const challenge = await agents()
    expect(challenge.status).toBe(401)
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(challenge)
    expect(resourceMetadataUrl?.toString()).toBe(`${fx.emu.url}/.well-known/oauth-protected-resource/api/v1beta`)

    const provider = new MemoryProvider()
    const serverUrl = fx.emu.baseUrl
    expect(await auth(provider, { serverUrl, resourceMetadataUrl: resourceMetadataUrl! })).toBe('REDIRECT')
    expect(provider.client).toMatchObject({ token_endpoint_auth_method: 'none' })
    expect(provider.client).not.toHaveProperty('client_secret')
    const opened = provider.opened!
    expect(opened.origin + opened.pathname).toBe(`${fx.emu.url}/oauth/authorize`)
    expect(opened.searchParams.get('resource')).toBe(fx.emu.baseUrl)
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256')

    const back = await consent(opened.toString())
    expect(back.searchParams.get('state')).toBe('mcp-state-123')
    const code = back.searchParams.get('code')!
    expect(
      await auth(provider, { serverUrl, authorizationCode: code, resourceMetadataUrl: resourceMetadataUrl! }),
    ).toBe('AUTHORIZED')
    const first = provider.saved!
    expect(first.token_type.toLowerCase()).toBe('bearer')
    expect(fx.emu.state.oauthTokens.get(first.access_token)?.resource).toBe(fx.emu.baseUrl)
    expect((await agents(first.access_token)).status).toBe(200)

    // With a refresh token stored, auth() refreshes (rotation) without a browser.
    expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED')
    const second = provider.saved!
    expect(second.access_token).not.toBe(first.access_token)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await agents(second.access_token)).status).toBe(200)
  })
})
