// The profile's stored OAuth grant, as `oauth status|token|refresh` read and show it.
import type { OAuthGrant } from '../../config/schema.js'
import { loadCredentials } from '../../config/store.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'

/** The profile's stored OAuth grant, or exit 4 saying how to get one. */
export async function storedGrant(ctx: Context, profile: string): Promise<OAuthGrant> {
  const grant = (await loadCredentials(ctx.configDir())).profiles[profile]?.oauth
  if (!grant)
    throw new CliError(`profile ${profile} is not logged in with OAuth`, {
      exitCode: ExitCode.auth,
      hint: profile === 'default' ? 'run: agentry login' : `run: agentry --profile ${profile} login`,
    })
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  return grant
}

/** What `oauth status` shows: never a token, only whether and until when there is one. */
export function grantStatus(profile: string, grant: OAuthGrant, now: number): Record<string, unknown> {
  return {
    profile,
    loggedIn: true,
    issuer: grant.issuer ?? null,
    clientId: grant.clientId,
    account: grant.accountId ?? null,
    scope: grant.scope ?? null,
    expiresAt: grant.expiresAt === undefined ? null : new Date(grant.expiresAt).toISOString(),
    expiresInSeconds: grant.expiresAt === undefined ? null : Math.round((grant.expiresAt - now) / 1000),
    expired: grant.expiresAt !== undefined && grant.expiresAt <= now,
    refreshable: Boolean(grant.refreshToken),
  }
}
