// The emulator's OAuth 2.1 authorization server, at the origin root (wire.md OAuth): metadata (RFC 8414), dynamic
// registration of public clients (RFC 7591), the authorization endpoint with a consent page (RFC 6749 4.1, PKCE
// S256 required), the token endpoint (../oauth-grants.ts) and revocation (RFC 7009).
import { routes, urlFor } from '../../api/routes.js'
import { authorizationCodeGrant, OAuthError, refreshTokenGrant } from '../oauth-grants.js'
import { consentPage, errorPage, redirect } from '../oauth-pages.js'
import { checkAuthorize, withParams } from '../oauth-request.js'
import {
  codeTtlMs,
  defaultAccessTtlSeconds,
  newToken,
  oauthScope,
  pruneExpired,
  revokeFamily,
} from '../oauth-tokens.js'
import type { EmuRequest, EmuResponse, HandlerEnv, HandlerTable } from '../types.js'
import { registerClient } from '../oauth-register.js'

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** An RFC 6749 5.2 error body. */
export function oauthErrorResponse(e: OAuthError): EmuResponse {
  return { status: e.status, json: { error: e.error, error_description: e.description }, headers: noStore }
}

/** The form parameters of a request (RFC 6749 3.2: application/x-www-form-urlencoded, no repeated parameter). */
export function formParams(req: EmuRequest): URLSearchParams {
  const type = String(req.headers['content-type'] ?? '')
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new OAuthError('invalid_request', 'the body must be application/x-www-form-urlencoded')
  }
  const p = new URLSearchParams(req.rawBody.toString('utf8'))
  for (const name of new Set(p.keys())) {
    if (p.getAll(name).length > 1) throw new OAuthError('invalid_request', `the parameter ${name} is repeated`)
  }
  return p
}

/** Answers an authorization request (GET from the browser, or the consent form POSTed back). */
function authorize(p: URLSearchParams, env: HandlerEnv, decision: string | undefined, iss: string): EmuResponse {
  const check = checkAuthorize(p, env.state, [oauthScope])
  if (check.kind === 'page-error') return errorPage(400, check.message)
  if (check.kind === 'redirect-error') {
    const { error, description, state } = check
    return redirect(withParams(check.redirectUri, { error, error_description: description, state, iss }))
  }
  const r = check.request
  if (decision === undefined) {
    const fields: Record<string, string> = {}
    for (const [k, v] of p) if (k !== 'decision') fields[k] = v
    return consentPage({ clientName: r.client.client_name, redirectUri: r.redirectUri, scope: r.scope, fields })
  }
  if (decision === 'deny') {
    return redirect(withParams(r.redirectUri, { error: 'access_denied', state: r.state, iss }))
  }
  if (decision !== 'approve') return errorPage(400, 'decision must be approve or deny')
  const code = newToken('code')
  env.state.oauthTokens.set(code, {
    token: code,
    kind: 'code',
    clientId: r.client.client_id,
    accountId: env.state.accountId,
    scope: r.scope,
    expiresAt: env.now() + codeTtlMs,
    codeChallenge: r.codeChallenge,
    ...(r.redirectUriGiven ? { redirectUri: r.redirectUri } : {}),
  })
  return redirect(withParams(r.redirectUri, { code, state: r.state, iss }))
}

/** Handlers of the OAuth routes. */
export const oauthHandlers: HandlerTable = {
  oauthMetadata(req) {
    const at = (name: keyof typeof routes) => urlFor(req.origin, routes[name])
    return {
      status: 200,
      json: {
        issuer: req.origin,
        authorization_endpoint: at('oauthAuthorize'),
        token_endpoint: at('oauthToken'),
        registration_endpoint: at('oauthRegister'),
        revocation_endpoint: at('oauthRevoke'),
        scopes_supported: [oauthScope],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
      },
    }
  },

  oauthRegister(req, env) {
    return registerClient(req, env)
  },

  oauthAuthorize(req, env) {
    return authorize(req.query, env, undefined, req.origin)
  },

  oauthAuthorizeDecision(req, env) {
    let p: URLSearchParams
    try {
      p = formParams(req)
    } catch (e) {
      return errorPage(400, (e as Error).message)
    }
    return authorize(p, env, p.get('decision') ?? '', req.origin)
  },

  oauthToken(req, env) {
    try {
      const p = formParams(req)
      const ctx = {
        state: env.state,
        now: env.now(),
        ttlSeconds: env.options.accessTokenTtlSeconds ?? defaultAccessTtlSeconds,
      }
      pruneExpired(env.state, ctx.now)
      const grant = p.get('grant_type')
      if (!grant) throw new OAuthError('invalid_request', 'grant_type is required')
      if (grant === 'authorization_code') return { status: 200, json: authorizationCodeGrant(ctx, p), headers: noStore }
      if (grant === 'refresh_token') return { status: 200, json: refreshTokenGrant(ctx, p), headers: noStore }
      throw new OAuthError('unsupported_grant_type', `grant_type ${grant} is not supported`)
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorResponse(e)
      throw e
    }
  },

  // RFC 7009 2.2: 200 whether or not the token was known; a refresh token takes its whole family with it.
  oauthRevoke(req, env) {
    let p: URLSearchParams
    try {
      p = formParams(req)
      if (!p.get('token')) throw new OAuthError('invalid_request', 'token is required')
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorResponse(e)
      throw e
    }
    const t = env.state.oauthTokens.get(p.get('token') ?? '')
    const clientId = p.get('client_id')
    if (t !== undefined && (clientId === null || clientId === t.clientId)) {
      if (t.kind === 'refresh' && t.family !== undefined) revokeFamily(env.state, t.family)
      t.revoked = true
    }
    return { status: 200, json: {}, headers: noStore }
  },
}
