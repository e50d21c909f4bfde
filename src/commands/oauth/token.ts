// `agentry oauth token`: the current access token on stdout, for scripts (refreshed first when about to expire).
import { needsRefresh, oauthCredential } from '../../auth/token-provider.js'
import { checkedProfileName } from '../../config/resolve.js'
import { CliError, ExitCode } from '../../errors.js'
import { defineCommand } from '../define.js'
import { storedGrant } from './stored-grant.js'

export default defineCommand({
  path: ['oauth', 'token'],
  summary: 'Print the current access token to stdout, for scripts (refreshed first when about to expire)',
  examples: ['curl -H "Authorization: Bearer $(agentry oauth token)" https://host/api/v1beta/…'],
  run: async (_opts, ctx) => {
    const profile = await checkedProfileName(ctx.profile())
    const grant = await storedGrant(ctx, profile)
    if (!grant.refreshToken && needsRefresh(grant, ctx.now(), 0))
      throw new CliError('the OAuth access token has expired and cannot be refreshed', {
        exitCode: ExitCode.auth,
        hint: 'run: agentry login',
      })
    const token = await oauthCredential(ctx, profile, grant).token()
    await ctx.output().text(token ?? '')
  },
})
