// `agentry logout`: forget the profile's stored credential (and revoke its OAuth tokens); loaded only when it runs.
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['logout'],
  summary: 'Forget the stored credential of the profile (and revoke OAuth tokens)',
  examples: ['agentry logout', 'agentry --profile ci logout'],
  run: async (_opts, ctx) => (await import('../../auth-flows/logout.js')).logoutRun(ctx),
})
