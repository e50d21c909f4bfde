// `agentry logout` (= `oauth logout`): revokes the profile's OAuth tokens at the server (RFC 7009, best effort: a
// server that cannot be reached must not keep a user logged in) and removes its credential from credentials.json.
import { oauthHttp, revokeToken } from '../auth/oauth.js'
import { credentialsFile } from '../config/paths.js'
import { checkedProfileName } from '../config/resolve.js'
import type { OAuthGrant } from '../config/schema.js'
import { loadCredentials, updateCredentials } from '../config/store.js'
import type { Context } from '../context.js'
import { envApiKey } from '../config/secret-env.js'

/** Revokes the refresh token (which ends the whole grant) and the access token; failures are warnings. */
async function revokeGrant(ctx: Context, grant: OAuthGrant): Promise<boolean> {
  if (!grant.revocationEndpoint) {
    ctx.info('the server has no revocation endpoint; the tokens stay valid until they expire')
    return false
  }
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  try {
    const http = await oauthHttp(ctx)
    const endpoint = grant.revocationEndpoint
    if (grant.refreshToken)
      await revokeToken(http, endpoint, { token: grant.refreshToken, hint: 'refresh_token', clientId: grant.clientId })
    await revokeToken(http, endpoint, { token: grant.accessToken, hint: 'access_token', clientId: grant.clientId })
    return true
  } catch (err) {
    ctx.warn(`could not revoke the OAuth tokens (${(err as Error).message}); removing them here anyway`)
    return false
  }
}

/**
 * Forgets `profile`'s stored credential, revoking OAuth tokens first (logout and `config profiles delete`); returns
 * what was removed, in words, or undefined when nothing was stored.
 */
export async function forgetCredential(ctx: Context, profile: string): Promise<string | undefined> {
  const dir = ctx.configDir()
  const stored = (await loadCredentials(dir)).profiles[profile]
  if (!stored?.apiKey && !stored?.oauth) return undefined
  const revoked = stored.oauth ? await revokeGrant(ctx, stored.oauth) : false
  // the tokens `teams switch` keeps for the login's other accounts end with it
  for (const grant of Object.values(stored.accounts ?? {})) await revokeGrant(ctx, grant)
  await updateCredentials(dir, (c) => {
    delete c.profiles[profile]
  })
  return stored.oauth ? `OAuth tokens${revoked ? ' (revoked)' : ''}` : 'API key'
}

/** Forgets the run profile's stored credential. */
export async function logoutRun(ctx: Context): Promise<void> {
  const profile = await checkedProfileName(ctx.profile())
  const what = await forgetCredential(ctx, profile)
  if (what === undefined) ctx.info(`profile ${profile} has no stored credential`)
  else ctx.info(`logged out of profile ${profile}: removed its ${what} from ${credentialsFile(ctx.configDir())}`)
  const envKey = envApiKey(ctx.env)
  if (envKey) ctx.warn(`${envKey.name} is still set in the environment and will be used`)
}
