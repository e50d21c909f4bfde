// The emulator's OAuth 2.1 token store (RFC 6749, OAuth 2.1 draft 4.3.1 and 4.14.2): single-use codes bound to a
// PKCE challenge, access tokens looked up by their string (../auth.ts), and refresh tokens that rotate on every use;
// presenting an already used refresh token revokes its whole family.
import { randomBytes } from 'node:crypto'
import type { EmulatorState, OAuthToken } from '../state.js'

/** The one scope of the service, in the `<service>:api` form (service-interface 5.4). */
export const oauthScope = 'agentry:api'
/** Authorization codes live 60 s (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const codeTtlMs = 60_000
/** Refresh tokens live 30 days from issue (each rotation issues a fresh one). */
const refreshTtlMs = 30 * 24 * 3600_000
/** Access token lifetime when the emulator options give none. */
export const defaultAccessTtlSeconds = 3600

/** Prefixes make the kinds recognisable (and easy to redact): code, access token, refresh token. */
const prefixes = { code: 'agc_', access: 'agat_', refresh: 'agrt_' } as const

/** A fresh token string of a kind: a prefix and 32 random bytes (256 bits) as base64url. */
export function newToken(kind: OAuthToken['kind']): string {
  return prefixes[kind] + randomBytes(32).toString('base64url')
}

/** The body of a successful token response (RFC 6749 5.1) plus the service's `account_id` (wire.md). */
export interface TokenGrant {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  scope: string
  account_id: string
}

/** Issues an access token and a refresh token in `family` (a new family for a code exchange). */
export function issueTokens(
  state: EmulatorState,
  p: {
    clientId: string
    accountId: string
    scope: string
    family: string
    now: number
    ttlSeconds: number
    resource?: string | undefined
  },
): TokenGrant {
  const base = {
    clientId: p.clientId,
    accountId: p.accountId,
    scope: p.scope,
    family: p.family,
    ...(p.resource !== undefined ? { resource: p.resource } : {}),
  }
  const access = newToken('access')
  const refresh = newToken('refresh')
  state.oauthTokens.set(access, { ...base, token: access, kind: 'access', expiresAt: p.now + p.ttlSeconds * 1000 })
  state.oauthTokens.set(refresh, { ...base, token: refresh, kind: 'refresh', expiresAt: p.now + refreshTtlMs })
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: p.ttlSeconds,
    refresh_token: refresh,
    scope: p.scope,
    account_id: p.accountId,
  }
}

/** Revokes every access and refresh token of a family (refresh-token reuse, revocation of a refresh token). */
export function revokeFamily(state: EmulatorState, family: string): number {
  let n = 0
  for (const t of state.oauthTokens.values()) {
    if (t.family === family && t.kind !== 'code' && !t.revoked) {
      t.revoked = true
      n++
    }
  }
  return n
}

/** Forgets tokens past their expiry: they can no longer be used, nor reused. */
export function pruneExpired(state: EmulatorState, now: number): void {
  for (const [key, t] of state.oauthTokens) if (t.expiresAt <= now) state.oauthTokens.delete(key)
}
