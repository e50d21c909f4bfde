// `agentry logs path`: where the local log of chats is kept.
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['logs', 'path'],
  summary: 'Print where the log is kept',
  examples: ['agentry logs path', 'sqlite3 "$(agentry logs path)" .tables'],
  run: async (_opts, ctx) => {
    await ctx.output().text((await import('../../logs/index.js')).logPath(ctx))
  },
})
