// The token endpoint's grants (RFC 6749 4.1.3 and 6, with RFC 7636 4.6 and OAuth 2.1 4.3.1): an authorization
// code exchanged once with its PKCE verifier, and refresh tokens that rotate; reuse of a used refresh token revokes
// its family (OAuth 2.1 4.14.2). The device code grant is in ./device.ts. Errors follow RFC 6749 5.2 and never
// repeat what the client sent.
import { verifyS256 } from '../../auth/pkce.js'
import type { EmulatorState } from '../state.js'
import { OAuthError } from './errors.js'
import { checkedResource, narrowedResource } from './resource.js'
import { issueTokens, newToken, revokeFamily, type TokenGrant } from './tokens.js'

/** What a grant needs besides its parameters. */
export interface GrantContext {
  state: EmulatorState
  now: number
  ttlSeconds: number
  /** the server's origin: the resource (RFC 8707) a token may be for is derived from it */
  origin: string
  /** the client_id of the request (form or HTTP Basic), see ./errors.ts requestClientId */
  clientId: string | undefined
}

/** A required form parameter. */
export function required(p: URLSearchParams, name: string): string {
  const v = p.get(name)
  if (!v) throw new OAuthError('invalid_request', `${name} is required`)
  return v
}

/** The public client of the request (token_endpoint_auth_method "none": identified, not authenticated). */
export function clientOf(ctx: Pick<GrantContext, 'state' | 'clientId'>): string {
  const id = ctx.clientId
  if (!id) throw new OAuthError('invalid_client', 'client_id is required', 401)
  if (!ctx.state.oauthClients.has(id)) throw new OAuthError('invalid_client', 'the client is not registered', 401)
  return id
}

/** grant_type=authorization_code: code, redirect_uri, client_id, code_verifier, optional resource (RFC 8707). */
export function authorizationCodeGrant(ctx: GrantContext, p: URLSearchParams): TokenGrant {
  const clientId = clientOf(ctx)
  const code = ctx.state.oauthTokens.get(required(p, 'code'))
  const verifier = required(p, 'code_verifier')
  if (code === undefined || code.kind !== 'code' || code.revoked || code.expiresAt <= ctx.now) {
    throw new OAuthError('invalid_grant', 'the authorization code is invalid or has expired')
  }
  if (code.used) {
    // RFC 6749 4.1.2: a code used twice revokes what it was exchanged for.
    if (code.family !== undefined) revokeFamily(ctx.state, code.family)
    throw new OAuthError('invalid_grant', 'the authorization code was already used; its tokens are revoked')
  }
  if (code.clientId !== clientId) throw new OAuthError('invalid_grant', 'the code was issued to another client')
  // RFC 6749 4.1.3: required, and identical, when the authorization request carried one.
  if (code.redirectUri !== undefined && p.get('redirect_uri') !== code.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the one of the authorization request')
  }
  if (!verifyS256(verifier, code.codeChallenge ?? '')) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (PKCE S256)')
  }
  const resource = narrowedResource(checkedResource(p.get('resource'), ctx.origin), code.resource)
  const family = newToken('refresh').slice(5, 21)
  code.used = true
  code.family = family
  return issueTokens(ctx.state, {
    clientId,
    accountId: code.accountId,
    scope: code.scope,
    family,
    resource,
    ...ctxTimes(ctx),
  })
}

/** grant_type=refresh_token: refresh_token, client_id, optional narrower scope and resource. Rotates the token. */
export function refreshTokenGrant(ctx: GrantContext, p: URLSearchParams): TokenGrant {
  const clientId = clientOf(ctx)
  const old = ctx.state.oauthTokens.get(required(p, 'refresh_token'))
  if (old === undefined || old.kind !== 'refresh' || old.expiresAt <= ctx.now) {
    throw new OAuthError('invalid_grant', 'the refresh token is invalid or has expired')
  }
  if (old.clientId !== clientId) throw new OAuthError('invalid_grant', 'the refresh token was issued to another client')
  if (old.revoked) throw new OAuthError('invalid_grant', 'the refresh token was revoked')
  if (old.used) {
    revokeFamily(ctx.state, old.family ?? '')
    throw new OAuthError('invalid_grant', 'the refresh token was already used; every token of its family is revoked')
  }
  let scope = old.scope
  const asked = p.get('scope')?.trim()
  if (asked) {
    const granted = old.scope.split(/\s+/)
    if (asked.split(/\s+/).some((s) => !granted.includes(s))) {
      throw new OAuthError('invalid_scope', 'the scope asked for exceeds the one granted')
    }
    scope = asked
  }
  const resource = narrowedResource(checkedResource(p.get('resource'), ctx.origin), old.resource)
  old.used = true
  ctx.state.count('oauth.refresh')
  const family = old.family ?? newToken('refresh').slice(5, 21)
  return issueTokens(ctx.state, { clientId, accountId: old.accountId, scope, family, resource, ...ctxTimes(ctx) })
}

/** RFC 8693 2.1: the token exchange grant, and the type of the token it takes (an access token). */
export const tokenExchangeGrantType = 'urn:ietf:params:oauth:grant-type:token-exchange'
const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token'

/**
 * grant_type=token-exchange (RFC 8693): a login's live access token (`subject_token`) for tokens of another account
 * of its user (`account_id`), in a family of their own, so that the first account's tokens stay good (a token per
 * team: `agentry teams switch`). The emulator's one user belongs to every team of the state.
 */
export function accountTokenGrant(ctx: GrantContext, p: URLSearchParams): TokenGrant {
  const clientId = clientOf(ctx)
  if (p.get('subject_token_type') !== accessTokenType)
    throw new OAuthError('invalid_request', `subject_token_type must be ${accessTokenType}`)
  const subject = ctx.state.oauthTokens.get(required(p, 'subject_token'))
  if (subject === undefined || subject.kind !== 'access' || subject.revoked || subject.expiresAt <= ctx.now) {
    throw new OAuthError('invalid_grant', 'the subject_token is invalid or has expired')
  }
  if (subject.clientId !== clientId)
    throw new OAuthError('invalid_grant', 'the subject_token was issued to another client')
  const accountId = required(p, 'account_id')
  if (!ctx.state.teams.has(accountId) && accountId !== subject.accountId)
    throw new OAuthError('invalid_target', 'the user is no member of that account')
  const family = newToken('refresh').slice(5, 21)
  const { scope, resource } = subject
  return issueTokens(ctx.state, { clientId, accountId, scope, family, resource, ...ctxTimes(ctx) })
}

/** The times of a grant context, as issueTokens takes them. */
export function ctxTimes(ctx: GrantContext): { now: number; ttlSeconds: number } {
  return { now: ctx.now, ttlSeconds: ctx.ttlSeconds }
}
