// The OAuth credential of a run (ARCHITECTURE.md "Auth"): the access token, refreshed shortly before it expires
// and once after a 401. Refresh tokens rotate and a reused one revokes its whole family (wire.md, OAuth), so a
// refresh is single-flight inside the process and, across processes (parallel CI jobs sharing one store), done
// under the credentials file's lock: lock → re-read → refresh only if still needed → atomic write → unlock.
import type { OAuthGrant } from '../config/schema.js'
import { updateCredentials } from '../config/store.js'
import type { AuthRun } from './run.js'
import { CliError, ExitCode } from '../errors.js'
import type { Credential } from './credential.js'
import { grantFromTokens, oauthHttp, refreshAccessToken } from './oauth.js'

/** Refresh this long before the access token expires, so it cannot lapse in flight or through clock skew. */
const refreshSkewMs = 60_000

/** Why a refresh is asked for: the token is expiring, the server rejected it (401), or the user said so. */
export type RefreshReason = 'expiring' | 'rejected' | 'forced'

/** Is the access token expired, or about to be? (A grant without an expiry is trusted until a 401.) */
export function needsRefresh(grant: OAuthGrant, now: number, skewMs = refreshSkewMs): boolean {
  return grant.expiresAt !== undefined && grant.expiresAt - skewMs <= now
}

/**
 * Refreshes the profile's stored grant under the credentials lock and returns the grant to use. After waiting for
 * the lock it re-reads the file: when another process has already refreshed (a different, fresh access token than
 * `seen`), that grant is used and no refresh token is spent.
 */
export async function refreshStoredGrant(
  ctx: AuthRun,
  profile: string,
  reason: RefreshReason,
  seen?: string,
): Promise<OAuthGrant> {
  const http = await oauthHttp(ctx)
  return updateCredentials(ctx.configDir(), async (data) => {
    const entry = data.profiles[profile]
    const stored = entry?.oauth
    if (!entry || !stored)
      throw new CliError(`profile ${profile} is not logged in with OAuth`, {
        exitCode: ExitCode.auth,
        hint: `run: agentry login --profile ${profile}`,
      })
    const fresh = !needsRefresh(stored, ctx.now())
    if (reason === 'expiring' && fresh) return stored
    if (reason === 'rejected' && fresh && stored.accessToken !== seen) return stored
    ctx.debug(`oauth: refreshing the access token of profile ${profile} (${reason})`)
    const tokens = await refreshAccessToken(http, stored)
    const next = grantFromTokens(tokens, stored, ctx.now())
    ctx.redactor.add(next.accessToken)
    ctx.redactor.add(next.refreshToken)
    entry.oauth = next
    return next
  })
}

/** A Credential over a stored OAuth grant; its tokens are registered with the redactor so traces never show them. */
export function oauthCredential(ctx: AuthRun, profile: string, grant: OAuthGrant): Credential {
  let current = grant
  let inflight: Promise<OAuthGrant> | undefined
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  // Single flight: concurrent requests of this run share one refresh.
  const refresh = (reason: RefreshReason): Promise<OAuthGrant> => {
    inflight ??= refreshStoredGrant(ctx, profile, reason, current.accessToken)
      .then((g) => {
        current = g
        return g
      })
      .finally(() => {
        inflight = undefined
      })
    return inflight
  }
  return {
    kind: 'oauth',
    source: `profile ${profile} (OAuth, credentials.json)`,
    get grant() {
      return current
    },
    async token() {
      // Without a refresh token there is nothing to do early: send it and let the server decide.
      if (current.refreshToken && needsRefresh(current, ctx.now())) await refresh('expiring')
      return current.accessToken
    },
    async onUnauthorized() {
      const before = current.accessToken
      await (inflight ?? refresh('rejected'))
      return current.accessToken !== before
    },
  }
}
