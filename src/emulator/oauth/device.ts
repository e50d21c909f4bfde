// The device authorization grant (RFC 8628) for logins without a local browser: the device authorization endpoint
// (3.1, 3.2), the user-code page that approves or denies (3.3), and the token endpoint's polling (3.4, 3.5) with
// authorization_pending, slow_down, expired_token and access_denied. Pending authorizations live in memory only:
// they last minutes, and a restart simply makes the device ask again.
import { randomBytes, randomInt } from 'node:crypto'
import { routes, urlFor } from '../../api/routes.js'
import type { EmulatorState } from '../state.js'
import type { EmuRequest, EmuResponse, HandlerEnv } from '../types.js'
import { OAuthError, formParams, oauthAnswer, requestClientId } from './errors.js'
import { ctxTimes, type GrantContext, clientOf, required } from './grants.js'
import { deviceCodePage, errorPage, messagePage } from './pages.js'
import { checkedResource } from './resource.js'
import { issueTokens, newToken, oauthScope } from './tokens.js'

/** A device code lives 10 minutes (RFC 8628 3.2 `expires_in`). */
const deviceCodeTtlSeconds = 600
/** Polling interval: 1 s on this local emulator (RFC 8628 3.2 defaults to 5; EmulatorOptions.devicePollSeconds sets
 * it); slow_down adds 5 (3.5). */
const defaultDevicePollSeconds = 1

/** One pending (or decided) device authorization. */
interface DeviceAuthorization {
  deviceCode: string
  /** 8 letters without the dash */
  userCode: string
  clientId: string
  scope: string
  resource: string | undefined
  expiresAt: number
  interval: number
  lastPollAt?: number
  status: 'pending' | 'approved' | 'denied' | 'used'
}

const stores = new WeakMap<EmulatorState, Map<string, DeviceAuthorization>>()
/** RFC 8628 5.1: user codes are short, so wrong guesses are limited: this many in 10 minutes, then a pause. */
const maxWrongUserCodes = 10
const misses = new WeakMap<EmulatorState, number[]>()
const storeOf = (state: EmulatorState) => {
  const s = stores.get(state) ?? new Map<string, DeviceAuthorization>()
  stores.set(state, s)
  return s
}

// RFC 8628 6.1: consonants only (no vowels, so no words), case-insensitive, shown as XXXX-XXXX.
const letters = 'BCDFGHJKLMNPQRSTVWXZ'
const normalize = (code: string) => code.toUpperCase().replace(/[^A-Z]/g, '')
const display = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

function byUserCode(state: EmulatorState, typed: string, now: number): DeviceAuthorization | undefined {
  const code = normalize(typed)
  for (const d of storeOf(state).values()) if (d.userCode === code && d.expiresAt > now) return d
  return undefined
}

/** POST /oauth/device_authorization (RFC 8628 3.1): a device code and a user code for a registered client. */
export function deviceAuthorization(req: EmuRequest, env: HandlerEnv): EmuResponse {
  return oauthAnswer(() => {
    const p = formParams(req)
    const now = env.now()
    const clientId = clientOf({ state: env.state, clientId: requestClientId(req, p) })
    const scope = p.get('scope')?.trim() || oauthScope
    if (scope.split(/\s+/).some((s) => s !== oauthScope)) {
      throw new OAuthError('invalid_scope', 'the scope asked for is not offered')
    }
    const resource = checkedResource(p.get('resource'), req.origin)
    let userCode = ''
    for (let i = 0; i < 8; i++) userCode += letters[randomInt(letters.length)]
    const deviceCode = `agdc_${randomBytes(32).toString('base64url')}`
    const store = storeOf(env.state)
    for (const [k, d] of store) if (d.expiresAt <= now) store.delete(k)
    const expiresAt = now + deviceCodeTtlSeconds * 1000
    const interval = env.options.devicePollSeconds ?? defaultDevicePollSeconds
    const d = { deviceCode, userCode, clientId, scope, resource, expiresAt, interval }
    store.set(deviceCode, { ...d, status: 'pending' })
    const verificationUri = urlFor(req.origin, routes.oauthDevicePage)
    return {
      device_code: deviceCode,
      user_code: display(userCode),
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${display(userCode)}`,
      expires_in: deviceCodeTtlSeconds,
      interval,
    }
  })
}

/** GET /oauth/device: the user-code page, filled in from `verification_uri_complete` (RFC 8628 3.3.1). */
export function devicePage(req: EmuRequest, env: HandlerEnv): EmuResponse {
  const typed = req.query.get('user_code') ?? ''
  const d = typed ? byUserCode(env.state, typed, env.now()) : undefined
  if (d === undefined || d.status !== 'pending') return deviceCodePage({ userCode: '', account: env.state.accountId })
  const client = env.state.oauthClients.get(d.clientId)
  return deviceCodePage({
    userCode: display(d.userCode),
    account: env.state.accountId,
    clientName: client?.client_name,
    scope: d.scope,
  })
}

/** POST /oauth/device: the user's decision on a user code. */
export function deviceDecision(req: EmuRequest, env: HandlerEnv): EmuResponse {
  let p: URLSearchParams
  try {
    p = formParams(req)
  } catch (e) {
    return errorPage(400, (e as Error).message)
  }
  const now = env.now()
  const recent = (misses.get(env.state) ?? []).filter((t) => t > now - 600_000)
  misses.set(env.state, recent)
  if (recent.length >= maxWrongUserCodes) {
    return errorPage(429, 'Too many wrong codes. Wait a few minutes, then type the code your device shows.')
  }
  const d = byUserCode(env.state, p.get('user_code') ?? '', now)
  if (d === undefined || d.status !== 'pending') {
    recent.push(now)
    return errorPage(400, 'That code is unknown, already used or expired. Check the code your device shows.')
  }
  const decision = p.get('decision')
  if (decision === 'deny') {
    d.status = 'denied'
    return messagePage(200, 'Access denied', 'The device was not given access. You can close this window.', 'bad')
  }
  if (decision !== 'approve') return errorPage(400, 'decision must be approve or deny')
  d.status = 'approved'
  return messagePage(200, 'Device connected', 'The device now has access. You can close this window.', 'ok')
}

/** grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 3.4, 3.5). */
export function deviceCodeGrant(ctx: GrantContext, p: URLSearchParams) {
  const clientId = clientOf(ctx)
  const store = storeOf(ctx.state)
  const d = store.get(required(p, 'device_code'))
  if (d === undefined || d.clientId !== clientId || d.status === 'used') {
    throw new OAuthError('invalid_grant', 'the device code is unknown, used, or belongs to another client')
  }
  if (d.expiresAt <= ctx.now) {
    store.delete(d.deviceCode)
    throw new OAuthError('expired_token', 'the device code has expired; start again')
  }
  if (d.status === 'denied') {
    store.delete(d.deviceCode)
    throw new OAuthError('access_denied', 'the user denied the request')
  }
  // RFC 8628 3.5: polling faster than the interval adds 5 s to it (100 ms of slack for timer jitter).
  const last = d.lastPollAt
  d.lastPollAt = ctx.now
  if (last !== undefined && ctx.now - last < d.interval * 1000 - 100) {
    d.interval += 5
    throw new OAuthError('slow_down', `polling too fast; wait ${d.interval} seconds between requests`)
  }
  if (d.status === 'pending') throw new OAuthError('authorization_pending', 'the user has not decided yet')
  d.status = 'used'
  const family = newToken('refresh').slice(5, 21)
  const { scope, resource } = d
  return issueTokens(ctx.state, { clientId, accountId: ctx.state.accountId, scope, family, resource, ...ctxTimes(ctx) })
}
