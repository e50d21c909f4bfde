// Bearer authentication (service-interface 5.1–5.4): API keys looked up by the SHA-256 of the key, OAuth access
// tokens by value. What a key's scopes allow is decided in ./scope.ts, from each route's declared scope.
import { createHash } from 'node:crypto'
import { resourceMetadataUrl } from './oauth/resource.js'
import type { EmulatorState, OAuthToken } from './state.js'
import { HttpError, type Principal } from './types.js'
import { memoize } from '../text/memoize.js'

const unauthorized = (message: string) =>
  new HttpError(401, message, { 'www-authenticate': 'Bearer realm="agentry-emulator"' }, 'unauthorized')

/**
 * The part of an API key the list shows to recognise it by: 12 characters, so that keys of one kind (the demo keys
 * all start with `agk_demo_`) still differ, and a client can tell which listed key is its own (src/auth/own-key.ts).
 */
export function listedKeyPrefix(key: string): string {
  return key.slice(0, 12)
}

/** The lowercase hex SHA-256 of an API key: keys are stored only as this hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/**
 * hashApiKey of the keys seen last (in memory only, never saved): a client sends the same key with every request, and
 * every emulator's seed installs the same demo keys.
 */
export const knownKeyHash = memoize(hashApiKey, 32)

/**
 * The `WWW-Authenticate` of a 401 on the API (RFC 6750 3, RFC 9728 5.1): where the resource's metadata is, and
 * `error="invalid_token"` (or `insufficient_scope` for a scope refusal) unless the request carried no credential at
 * all (RFC 6750 3.1).
 */
function challenge401(
  origin: string,
  credentialSent: boolean,
  error: 'invalid_token' | 'insufficient_scope' = 'invalid_token',
): string {
  const metadata = `resource_metadata="${resourceMetadataUrl(origin)}"`
  return credentialSent ? `Bearer error="${error}", ${metadata}` : `Bearer ${metadata}`
}

/** A 401 of a bearer route with its challenge set (other errors pass through unchanged). */
export function withChallenge401(e: unknown, origin: string, authorization: string | undefined): unknown {
  if (!(e instanceof HttpError) || e.status !== 401) return e
  // a scope refusal (./scope.ts) keeps its RFC 6750 error code; every other 401 is an invalid token
  const scope = String(e.headers?.['www-authenticate'] ?? '').includes('insufficient_scope')
  const sent = authorization !== undefined && authorization.trim() !== ''
  const challenge = challenge401(origin, sent, scope ? 'insufficient_scope' : 'invalid_token')
  return new HttpError(401, e.message, { ...e.headers, 'www-authenticate': challenge }, e.code)
}

/** RFC 8707: a token issued for a resource is good only there; one issued without a resource, anywhere here. */
function tokenFitsResource(token: Pick<OAuthToken, 'resource'>, resource: string | undefined): boolean {
  return token.resource === undefined || resource === undefined || token.resource === resource
}

/**
 * Who is calling, from the Authorization header; throws 401 when the credential is missing, unknown, expired, or
 * (an OAuth token) issued for another `resource` than the API's {base_url}.
 */
export function authenticate(
  header: string | undefined,
  state: EmulatorState,
  now: number,
  resource?: string,
): Principal {
  if (header === undefined || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ') {
    throw unauthorized('missing or invalid API key')
  }
  const token = header.slice(7).trim()
  if (token === '') throw unauthorized('missing or invalid API key')
  const oauth = state.oauthTokens.get(token)
  if (oauth !== undefined && oauth.kind === 'access') {
    if (oauth.revoked) throw unauthorized('the access token was revoked')
    if (oauth.expiresAt <= now) throw unauthorized('the access token has expired')
    if (!tokenFitsResource(oauth, resource)) throw unauthorized('the access token was issued for another resource')
    return { kind: 'oauth', id: oauth.clientId, accountId: oauth.accountId, scopes: {} }
  }
  const hash = knownKeyHash(token)
  for (const key of state.apiKeys.values()) {
    if (key.keyHash !== hash) continue
    if (key.expiresAt && Date.parse(key.expiresAt) <= now) throw unauthorized('the API key has expired')
    // lastUsedAt is refreshed at most once a minute, so hot loops do not format dates on every request
    const last = key.lastUsedAt ? Date.parse(key.lastUsedAt) : 0
    if (now - last > 60_000) key.lastUsedAt = new Date(now).toISOString()
    return { kind: 'api-key', id: key.id, accountId: key.accountId, scopes: key.scopes ?? {} }
  }
  throw unauthorized('missing or invalid API key')
}

/** May this caller use this agent? A key with `agents` set may use only those (service-interface 5.3). */
export function canUseAgent(p: Principal, agentId: string): boolean {
  return p.scopes.agents === undefined || p.scopes.agents.includes(agentId)
}

/** May this caller use this scenario? */
export function canUseScenario(p: Principal, scenarioId: string): boolean {
  return p.scopes.scenarios === undefined || p.scopes.scenarios.includes(scenarioId)
}

/** May this caller use this CMS access? `read` keys get the delivery access (cda) only; `none` gets neither. */
export function canUseCms(p: Principal, access: string): boolean {
  const cms = p.scopes.cms ?? 'write'
  if (cms === 'none') return false
  return cms === 'write' || access === 'cda'
}
