// The token endpoint's two grants (RFC 6749 4.1.3 and 6, with RFC 7636 4.6 and OAuth 2.1 4.3.1): an authorization
// code exchanged once with its PKCE verifier, and refresh tokens that rotate; reuse of a used refresh token revokes
// its family (OAuth 2.1 4.14.2). Errors follow RFC 6749 5.2.
import { verifyS256 } from '../auth/pkce.js'
import { issueTokens, newToken, revokeFamily, type TokenGrant } from './oauth-tokens.js'
import type { EmulatorState } from './state.js'

/** An RFC 6749 5.2 error: `{error, error_description}` with 400, or 401 for invalid_client. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description)
  }
}

/** What a grant needs besides its parameters. */
export interface GrantContext {
  state: EmulatorState
  now: number
  ttlSeconds: number
}

function required(p: URLSearchParams, name: string): string {
  const v = p.get(name)
  if (!v) throw new OAuthError('invalid_request', `${name} is required`)
  return v
}

/** The public client named by client_id (token_endpoint_auth_method "none": identified, not authenticated). */
function clientOf(ctx: GrantContext, p: URLSearchParams): string {
  const id = required(p, 'client_id')
  if (!ctx.state.oauthClients.has(id)) throw new OAuthError('invalid_client', `unknown client_id ${id}`, 401)
  return id
}

/** grant_type=authorization_code: code, redirect_uri, client_id, code_verifier. */
export function authorizationCodeGrant(ctx: GrantContext, p: URLSearchParams): TokenGrant {
  const clientId = clientOf(ctx, p)
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
  const family = newToken('refresh').slice(5, 21)
  code.used = true
  code.family = family
  return issueTokens(ctx.state, { clientId, accountId: code.accountId, scope: code.scope, family, ...ctxTimes(ctx) })
}

/** grant_type=refresh_token: refresh_token, client_id, optional narrower scope. Rotates the refresh token. */
export function refreshTokenGrant(ctx: GrantContext, p: URLSearchParams): TokenGrant {
  const clientId = clientOf(ctx, p)
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
    const extra = asked.split(/\s+/).filter((s) => !granted.includes(s))
    if (extra.length > 0) throw new OAuthError('invalid_scope', `scope ${extra.join(' ')} was not granted`)
    scope = asked
  }
  old.used = true
  ctx.state.count('oauth.refresh')
  const family = old.family ?? newToken('refresh').slice(5, 21)
  return issueTokens(ctx.state, { clientId, accountId: old.accountId, scope, family, ...ctxTimes(ctx) })
}

function ctxTimes(ctx: GrantContext): { now: number; ttlSeconds: number } {
  return { now: ctx.now, ttlSeconds: ctx.ttlSeconds }
}
