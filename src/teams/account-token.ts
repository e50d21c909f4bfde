// One OAuth token per account of a login (sideboard packages/core/src/brightsy/connected-teams.ts keeps one per team):
// the profile's grant (`oauth` in credentials.json) is the one of its account; the grants of its other accounts wait
// under `accounts`, by account id. Switching swaps them, minting the target's when none is stored (an RFC 8693
// token exchange at the token endpoint, src/auth/oauth.ts tokenForAccount), all under the credentials file's lock,
// as a refresh is (src/auth/token-provider.ts).
import type { Credential } from '../auth/credential.js'
import { grantFromTokens, oauthHttp, tokenForAccount } from '../auth/oauth.js'
import { updateCredentials } from '../config/store.js'
import type { Context } from '../context.js'
import { CliError, ExitCode } from '../errors.js'

/**
 * Makes the profile's OAuth grant the one of `accountId`; true when it changed. The credential's token is made fresh
 * first (a refresh under the lock, when it is about to expire), since the exchange presents it.
 */
export async function useAccountToken(
  ctx: Context,
  profile: string,
  credential: Credential,
  accountId: string,
): Promise<boolean> {
  await credential.token()
  const http = await oauthHttp(ctx)
  return updateCredentials(ctx.configDir(), async (data) => {
    const entry = data.profiles[profile]
    const current = entry?.oauth
    if (!entry || !current)
      throw new CliError(`profile ${profile} is not logged in with OAuth`, {
        exitCode: ExitCode.auth,
        hint: `run: agentry login --profile ${profile}`,
      })
    const was = current.accountId ?? (await ctx.settings()).account?.value
    if (was === accountId) return false
    const others = { ...entry.accounts }
    let next = others[accountId]
    if (next === undefined) {
      ctx.debug(`oauth: minting a token for account ${accountId} (profile ${profile})`)
      const tokens = await tokenForAccount(http, current, accountId)
      const { refreshToken: _othersOwn, ...base } = current
      next = grantFromTokens(tokens, { ...base, accountId }, ctx.now())
    }
    ctx.redactor.add(next.accessToken)
    ctx.redactor.add(next.refreshToken)
    delete others[accountId]
    if (typeof was === 'string') others[was] = current
    entry.oauth = next
    entry.accounts = others
    return true
  })
}
