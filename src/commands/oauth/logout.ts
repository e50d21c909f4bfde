// `agentry oauth logout`: the same as `agentry logout`.
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['oauth', 'logout'],
  summary: 'Revoke the OAuth tokens and forget them (same as agentry logout)',
  examples: ['agentry oauth logout', 'agentry --profile ci oauth logout'],
  run: async (_opts, ctx) => (await import('../../auth-flows/logout.js')).logoutRun(ctx),
})
