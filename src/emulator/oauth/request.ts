// Validation of OAuth client metadata and authorization requests: redirect URIs per RFC 6749 3.1.2 and RFC 8252
// (https, loopback http on any port, private-use schemes), PKCE S256 being mandatory (OAuth 2.1, RFC 7636) and the
// resource (RFC 8707). Messages never repeat the URI or value that was sent (RFC 6749 5.2).
import type { EmulatorState, OAuthClient } from '../state.js'
import { OAuthError, repeatedParameter } from './errors.js'
import { checkedResource } from './resource.js'

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** Why a redirect URI cannot be registered, or undefined (RFC 6749 3.1.2, RFC 8252 7.1–7.3). */
export function redirectUriProblem(uri: string): string | undefined {
  let u: URL
  try {
    u = new URL(uri)
  } catch {
    return 'a redirect URI is not an absolute URI'
  }
  if (u.hash !== '' || uri.includes('#')) return 'a redirect URI must not contain a fragment'
  if (u.protocol === 'https:') return undefined
  if (u.protocol === 'http:') {
    return loopbackHosts.has(u.hostname) ? undefined : 'plain http redirect URIs are allowed for loopback hosts only'
  }
  if (['javascript:', 'data:', 'file:', 'vbscript:', 'blob:'].includes(u.protocol)) {
    return 'a redirect URI has a scheme that is not allowed'
  }
  // RFC 8252 7.1: private-use schemes are reverse domain names, so they hold a dot.
  return u.protocol.includes('.') ? undefined : 'a private-use redirect URI scheme must be a reverse domain name'
}

/** RFC 8252 7.3: a loopback redirect matches whatever port the client listens on; everything else exactly. */
function redirectMatches(registered: string, given: string): boolean {
  if (registered === given) return true
  try {
    const a = new URL(registered)
    const b = new URL(given)
    if (a.protocol !== 'http:' || b.protocol !== 'http:' || !loopbackHosts.has(a.hostname)) return false
    return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && b.hash === ''
  } catch {
    return false
  }
}

/** A checked authorization request. */
interface AuthorizeRequest {
  client: OAuthClient
  redirectUri: string
  /** whether redirect_uri was in the request (then the token request must repeat it: RFC 6749 4.1.3) */
  redirectUriGiven: boolean
  state: string | undefined
  scope: string
  codeChallenge: string
  /** RFC 8707: the resource the tokens will be for */
  resource: string | undefined
}

/** The outcome of checking an authorization request (GET, or the consent form coming back). */
export type AuthorizeCheck =
  | { kind: 'page-error'; message: string }
  | { kind: 'redirect-error'; redirectUri: string; state: string | undefined; error: string; description: string }
  | { kind: 'ok'; request: AuthorizeRequest }

const challengePattern = /^[A-Za-z0-9_-]{43,128}$/

/** Checks the parameters of RFC 6749 4.1.1 with PKCE (RFC 7636 4.3); `supported` is the scopes on offer. */
export function checkAuthorize(
  p: URLSearchParams,
  state: EmulatorState,
  supported: string[],
  origin: string,
): AuthorizeCheck {
  if (repeatedParameter(p)) return { kind: 'page-error', message: 'a parameter of the request is repeated' }
  const clientId = p.get('client_id')
  if (!clientId) return { kind: 'page-error', message: 'client_id is missing' }
  const client = state.oauthClients.get(clientId)
  if (client === undefined) return { kind: 'page-error', message: 'the client_id is not registered' }
  const given = p.get('redirect_uri')
  let redirectUri: string
  if (given === null) {
    if (client.redirect_uris.length !== 1) return { kind: 'page-error', message: 'redirect_uri is missing' }
    redirectUri = client.redirect_uris[0]!
  } else if (client.redirect_uris.some((r) => redirectMatches(r, given))) {
    redirectUri = given
  } else {
    return { kind: 'page-error', message: 'the redirect_uri is not registered for this client' }
  }
  const st = p.get('state') ?? undefined
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    redirectUri,
    state: st,
    error,
    description,
  })
  if (p.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code')
  const challenge = p.get('code_challenge')
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE, RFC 7636)')
  if (!challengePattern.test(challenge)) return fail('invalid_request', 'code_challenge is not a base64url S256 value')
  if (p.get('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256')
  const scope = p.get('scope')?.trim() || client.scope || supported[0]!
  const unknown = scope.split(/\s+/).filter((s) => !supported.includes(s))
  if (unknown.length > 0) return fail('invalid_scope', 'the scope asked for is not offered')
  let resource: string | undefined
  try {
    resource = checkedResource(p.get('resource'), origin)
  } catch (e) {
    if (e instanceof OAuthError) return fail(e.error, e.description)
    throw e
  }
  const request = { client, redirectUri, redirectUriGiven: given !== null, state: st, scope, codeChallenge: challenge }
  return { kind: 'ok', request: { ...request, resource } }
}

/** The redirect URI with response parameters added (RFC 6749 4.1.2) and `iss` (RFC 9207). */
export function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const u = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v)
  return u.toString()
}
