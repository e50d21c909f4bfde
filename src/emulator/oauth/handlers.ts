// The emulator's OAuth 2.1 authorization server, at the origin root (wire.md OAuth): metadata (RFC 8414, with RFC
// 9207's `iss` advertised) and protected resource metadata (RFC 9728), dynamic registration of public clients (RFC
// 7591), the authorization endpoint (./authorize.ts, PKCE S256 required), the token endpoint (./grants.ts,
// ./device.ts), device authorization (RFC 8628) and revocation bound to the client (RFC 7009).
import { routes, urlFor } from '../../api/routes.js'
import type { HandlerTable } from '../types.js'
import { authorize } from './authorize.js'
import { deviceAuthorization, deviceCodeGrant, deviceDecision, devicePage } from './device.js'
import { OAuthError, formParams, noStore, oauthAnswer, oauthErrorResponse, requestClientId } from './errors.js'
import {
  accountTokenGrant,
  authorizationCodeGrant,
  clientOf,
  refreshTokenGrant,
  tokenExchangeGrantType,
} from './grants.js'
import { errorPage } from './pages.js'
import { deviceGrantType, grantTypes, registerClient } from './register.js'
import { protectedResourceMetadata } from './resource.js'
import { defaultAccessTtlSeconds, oauthScope, pruneExpired, revokeFamily } from './tokens.js'

/** Handlers of the OAuth routes. */
export const oauthHandlers = {
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
        device_authorization_endpoint: at('oauthDeviceAuthorization'),
        scopes_supported: [oauthScope],
        response_types_supported: ['code'],
        grant_types_supported: grantTypes,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
      },
    }
  },

  oauthProtectedResource: (req) => ({ status: 200, json: protectedResourceMetadata(req.origin) }),
  oauthProtectedResourceApi: (req) => ({ status: 200, json: protectedResourceMetadata(req.origin) }),

  oauthRegister: (req, env) => registerClient(req, env),

  oauthAuthorize: (req, env) => authorize(req.query, env, undefined, req.origin),

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
    return oauthAnswer(() => {
      const p = formParams(req)
      const ctx = {
        state: env.state,
        now: env.now(),
        ttlSeconds: env.options.accessTokenTtlSeconds ?? defaultAccessTtlSeconds,
        origin: req.origin,
        clientId: requestClientId(req, p),
      }
      pruneExpired(env.state, ctx.now)
      const grant = p.get('grant_type')
      if (!grant) throw new OAuthError('invalid_request', 'grant_type is required')
      if (grant === 'authorization_code') return authorizationCodeGrant(ctx, p)
      if (grant === 'refresh_token') return refreshTokenGrant(ctx, p)
      if (grant === deviceGrantType) return deviceCodeGrant(ctx, p)
      if (grant === tokenExchangeGrantType) return accountTokenGrant(ctx, p)
      throw new OAuthError('unsupported_grant_type', 'the grant_type is not supported')
    })
  },

  oauthDeviceAuthorization: (req, env) => deviceAuthorization(req, env),
  oauthDevicePage: (req, env) => devicePage(req, env),
  oauthDeviceDecision: (req, env) => deviceDecision(req, env),

  // RFC 7009 2.1: the client identifies itself (public: client_id) and may revoke only its own tokens; 2.2: 200
  // whether or not the token was known or was another client's. A refresh token takes its whole family with it.
  oauthRevoke(req, env) {
    let p: URLSearchParams
    let clientId: string
    try {
      p = formParams(req)
      clientId = clientOf({ state: env.state, clientId: requestClientId(req, p) })
      if (!p.get('token')) throw new OAuthError('invalid_request', 'token is required')
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorResponse(e)
      throw e
    }
    const t = env.state.oauthTokens.get(p.get('token') ?? '')
    if (t !== undefined && t.kind !== 'code' && t.clientId === clientId) {
      if (t.kind === 'refresh' && t.family !== undefined) revokeFamily(env.state, t.family)
      t.revoked = true
    }
    return { status: 200, json: {}, headers: noStore }
  },
} satisfies HandlerTable
