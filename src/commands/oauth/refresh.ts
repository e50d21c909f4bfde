// `agentry oauth refresh`: a refresh now, whatever the expiry (under the cross-process lock).
import { refreshStoredGrant } from '../../auth/token-provider.js'
import { checkedProfileName } from '../../config/resolve.js'
import { defineCommand } from '../define.js'
import { grantStatus, storedGrant } from './stored-grant.js'

export default defineCommand({
  path: ['oauth', 'refresh'],
  summary: 'Refresh the access token now',
  examples: ['agentry oauth refresh', 'agentry --profile ci oauth refresh --json'],
  run: async (_opts, ctx) => {
    const profile = await checkedProfileName(ctx.profile())
    const grant = await storedGrant(ctx, profile)
    const next = await refreshStoredGrant(ctx, profile, 'forced', grant.accessToken)
    ctx.info(`refreshed the access token of profile ${profile}`)
    await ctx.output().item(grantStatus(profile, next, ctx.now()))
  },
})
