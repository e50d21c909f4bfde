// `agentry oauth status`: is the profile logged in with OAuth, and until when (exit 4 when not)?
import { checkedProfileName } from '../../config/resolve.js'
import { defineCommand } from '../define.js'
import { grantStatus, storedGrant } from './stored-grant.js'

export default defineCommand({
  path: ['oauth', 'status'],
  summary: 'Show whether the profile is logged in with OAuth, and until when (exit 4 when not)',
  examples: ['agentry oauth status', 'agentry oauth status --json | jq .expiresInSeconds'],
  run: async (_opts, ctx) => {
    const profile = await checkedProfileName(ctx.profile())
    await ctx.output().item(grantStatus(profile, await storedGrant(ctx, profile), ctx.now()))
  },
})
