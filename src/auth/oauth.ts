// The OAuth 2.1 client of a native app: discovery (RFC 8414), dynamic registration of a public client (RFC 7591),
// the authorization request with PKCE (RFC 7636, RFC 8252), the code exchange and refresh (RFC 6749 4.1.3, 6) and
// revocation (RFC 7009) and the `iss` check of RFC 9207. Every call goes through the run's one HTTP client,
// unauthenticated, with secrets redacted.
import type * as z from '../api/zod.js'
import type { ContractRoute } from '../api/contract/index.js'
import type { HttpClient } from '../api/request.js'
import { routes, urlFor } from '../api/routes.js'
import type { TokenResponse, oauthClientSchema, oauthMetadataSchema } from '../api/schemas/index.js'
import { answerOf, type ResponseOf } from '../sdk/transport.js'
import type { OAuthGrant } from '../config/schema.js'
import type { AuthRun } from './run.js'
import { ApiError, CliError, ExitCode } from '../errors.js'

/** The authorization server's metadata (RFC 8414 2). */
export type OAuthMetadata = z.infer<typeof oauthMetadataSchema>
/** A registered client (RFC 7591 3.2.1). */
export type OAuthClientInfo = z.infer<typeof oauthClientSchema>
/** RFC 8628 7.2: the device grant's registered name. */
export const deviceGrantType = 'urn:ietf:params:oauth:grant-type:device_code'

/** The HTTP client for OAuth calls: the run's own (proxy, timeouts, --debug trace, test dispatcher). */
export function oauthHttp(ctx: AuthRun): Promise<HttpClient> {
  return ctx.http()
}

/**
 * The endpoints a server without a metadata document is taken to have: `{origin}/oauth/{authorize,token,register,
 * revoke}` (the routes the sideboard client calls, docs/wire.md "OAuth"). No `code_challenge_methods_supported`:
 * S256 is assumed, and always sent (authorizationUrl).
 */
export function fallbackMetadata(baseUrl: string): OAuthMetadata {
  return {
    issuer: new URL(baseUrl).origin,
    authorization_endpoint: urlFor(baseUrl, routes.oauthAuthorize),
    token_endpoint: urlFor(baseUrl, routes.oauthToken),
    registration_endpoint: urlFor(baseUrl, routes.oauthRegister),
    revocation_endpoint: urlFor(baseUrl, routes.oauthRevoke),
  }
}

/**
 * RFC 8414 3: fetches the metadata from the origin of the base URL and checks that it speaks for that origin; a 404
 * there (no metadata document) falls back to the service's own `/oauth/…` endpoints (fallbackMetadata).
 */
export async function discover(http: HttpClient, baseUrl: string): Promise<OAuthMetadata> {
  const url = urlFor(baseUrl, routes.oauthMetadata)
  let res: Awaited<ReturnType<HttpClient['send']>>
  try {
    res = await http.send({ method: 'GET', url, auth: false })
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return fallbackMetadata(baseUrl)
    throw err
  }
  const meta = await answerOf(res, 'oauthMetadata', url)
  // RFC 8414 3.3: the issuer must be the one the metadata was asked for, or a server could impersonate another.
  const origin = new URL(baseUrl).origin
  if (meta.issuer.replace(/\/+$/, '') !== origin)
    throw new CliError(`the OAuth metadata at ${url} names issuer ${meta.issuer}, not ${origin}; refusing it`, {
      exitCode: ExitCode.auth,
    })
  const methods = meta.code_challenge_methods_supported
  if (methods && !methods.includes('S256'))
    throw new CliError(`the OAuth server at ${origin} does not support PKCE S256 (RFC 7636)`, {
      exitCode: ExitCode.auth,
    })
  return meta
}

/** The scope to ask for: the service's `<service>:api` scope when advertised (wire.md, OAuth). */
export function chooseScope(meta: OAuthMetadata): string | undefined {
  const s = meta.scopes_supported
  return s?.find((x) => x.endsWith(':api')) ?? s?.[0]
}

/** RFC 7591 3.1: registers a public native client (no secret; token_endpoint_auth_method "none"). */
export async function registerClient(
  http: HttpClient,
  meta: OAuthMetadata,
  opts: { redirectUris: string[]; scope?: string | undefined; clientName?: string; grantTypes?: string[] },
): Promise<OAuthClientInfo> {
  if (!meta.registration_endpoint)
    throw new CliError(`the OAuth server ${meta.issuer} offers no dynamic client registration (RFC 7591)`, {
      exitCode: ExitCode.auth,
    })
  const body = {
    client_name: opts.clientName ?? 'agentry',
    redirect_uris: opts.redirectUris,
    grant_types: opts.grantTypes ?? ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
    ...(opts.scope ? { scope: opts.scope } : {}),
  }
  const res = await http.send({
    method: 'POST',
    url: meta.registration_endpoint,
    auth: false,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  return answerOf(res, 'oauthRegister', meta.registration_endpoint)
}

/** RFC 6749 4.1.1 with RFC 7636 4.3: the URL the user opens to approve agentry. */
export function authorizationUrl(
  meta: OAuthMetadata,
  p: {
    clientId: string
    redirectUri: string
    codeChallenge: string
    state: string
    scope?: string | undefined
    /** RFC 8707 */
    resource?: string | undefined
  },
): string {
  const url = new URL(meta.authorization_endpoint)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', p.clientId)
  url.searchParams.set('redirect_uri', p.redirectUri)
  url.searchParams.set('code_challenge', p.codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('state', p.state)
  if (p.scope) url.searchParams.set('scope', p.scope)
  if (p.resource) url.searchParams.set('resource', p.resource)
  return url.toString()
}

/**
 * POSTs a form to an OAuth endpoint (the URL the metadata names for `route`) and reads the JSON answer by the route's
 * declaration; an error answer throws ApiError (RFC 6749 5.2).
 */
export async function postForm<N extends ContractRoute>(
  http: HttpClient,
  endpoint: string,
  form: Record<string, string>,
  route: N,
): Promise<ResponseOf<N>> {
  const res = await http.send({
    method: 'POST',
    url: endpoint,
    auth: false,
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  return answerOf(res, route, endpoint)
}

/** The OAuth `error` code of a refused request (RFC 6749 5.2), or undefined when it is not such an answer. */
export function oauthErrorCode(err: unknown): string | undefined {
  return err instanceof ApiError && (err.status === 400 || err.status === 401) ? err.serverMessage : undefined
}

async function tokenRequest(http: HttpClient, endpoint: string, form: Record<string, string>, what: string) {
  try {
    return await postForm(http, endpoint, form, 'oauthToken')
  } catch (err) {
    // RFC 6749 5.2: 400/401 with {error: "invalid_grant" | …}: the grant is no good; log in again.
    if (err instanceof ApiError && (err.status === 400 || err.status === 401))
      throw new CliError(`the OAuth server refused the ${what} (${err.serverMessage})`, {
        exitCode: ExitCode.auth,
        hint: 'log in again: agentry login',
        cause: err,
      })
    throw err
  }
}

/** RFC 6749 4.1.3 with RFC 7636 4.5: trades the authorization code and the PKCE verifier for tokens. */
export function exchangeCode(
  http: HttpClient,
  tokenEndpoint: string,
  p: { code: string; redirectUri: string; clientId: string; codeVerifier: string; resource?: string | undefined },
): Promise<TokenResponse> {
  const form = {
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: p.redirectUri,
    client_id: p.clientId,
    code_verifier: p.codeVerifier,
    ...(p.resource ? { resource: p.resource } : {}),
  }
  return tokenRequest(http, tokenEndpoint, form, 'authorization code')
}

/** RFC 6749 6: a new access token (and, as this service rotates them, a new refresh token). */
export function refreshAccessToken(http: HttpClient, grant: OAuthGrant): Promise<TokenResponse> {
  if (!grant.refreshToken)
    throw new CliError('the OAuth access token has expired and there is no refresh token', {
      exitCode: ExitCode.auth,
      hint: 'log in again: agentry login',
    })
  const form = { grant_type: 'refresh_token', refresh_token: grant.refreshToken, client_id: grant.clientId }
  return tokenRequest(http, grant.tokenEndpoint, form, 'refresh token')
}

/** RFC 8693 2.1: the token exchange grant, presenting an access token. */
const tokenExchangeGrantType = 'urn:ietf:params:oauth:grant-type:token-exchange'
const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token'

/**
 * Tokens for another account of the login (`teams switch`): an RFC 8693 token exchange of the grant's access token,
 * naming `account_id`. The official CLI mints a token per team (sideboard connected-teams.ts) by a grant no public
 * source shows: this one is ours (docs/wire.md "OAuth").
 */
export function tokenForAccount(http: HttpClient, grant: OAuthGrant, accountId: string): Promise<TokenResponse> {
  const form = {
    grant_type: tokenExchangeGrantType,
    subject_token: grant.accessToken,
    subject_token_type: accessTokenType,
    client_id: grant.clientId,
    account_id: accountId,
  }
  return tokenRequest(http, grant.tokenEndpoint, form, `token for account ${accountId}`)
}

/**
 * RFC 9207 2.4: the `iss` of an authorization response must be the issuer the request went to (a mix-up attack
 * otherwise); when the server advertises it, a response without one is refused as well.
 */
export function checkResponseIssuer(meta: OAuthMetadata, iss: string | undefined): void {
  if (iss === undefined && !meta.authorization_response_iss_parameter_supported) return
  if (iss === meta.issuer) return
  throw new CliError(
    iss === undefined
      ? `the authorization response has no iss, although ${meta.issuer} promises one (RFC 9207); refusing it`
      : `the authorization response comes from another issuer than ${meta.issuer} (RFC 9207); refusing it`,
    { exitCode: ExitCode.auth, hint: 'run agentry login again' },
  )
}

/** RFC 7009 2.1: revokes a token; public clients identify themselves with client_id. */
export async function revokeToken(
  http: HttpClient,
  endpoint: string,
  p: { token: string; hint: 'access_token' | 'refresh_token'; clientId: string },
): Promise<void> {
  const form = new URLSearchParams({ token: p.token, token_type_hint: p.hint, client_id: p.clientId })
  const res = await http.send({
    method: 'POST',
    url: endpoint,
    auth: false,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  await res.body.dump().catch(() => {})
}

/** The last instant a Date can hold (ECMA-262 21.4.1.1). */
const maxDateMs = 8.64e15

/** The grant to store after a token response; a refresh that returns no new refresh token keeps the old one. */
export function grantFromTokens(
  tokens: TokenResponse,
  base: Pick<
    OAuthGrant,
    'clientId' | 'tokenEndpoint' | 'issuer' | 'revocationEndpoint' | 'scope' | 'refreshToken' | 'accountId'
  >,
  now: number,
): OAuthGrant {
  const grant: OAuthGrant = {
    accessToken: tokens.access_token,
    clientId: base.clientId,
    tokenEndpoint: base.tokenEndpoint,
  }
  const refreshToken = tokens.refresh_token ?? base.refreshToken
  if (refreshToken) grant.refreshToken = refreshToken
  const expiresAt = tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1000
  // a lifetime past the last date JavaScript can hold (8.64e15 ms) is no expiry at all, not an invalid date
  if (expiresAt !== undefined && expiresAt <= maxDateMs) grant.expiresAt = expiresAt
  if (base.issuer) grant.issuer = base.issuer
  if (base.revocationEndpoint) grant.revocationEndpoint = base.revocationEndpoint
  const scope = tokens.scope ?? base.scope
  if (scope) grant.scope = scope
  const accountId = tokens.account_id ?? base.accountId
  if (accountId) grant.accountId = accountId
  return grant
}
