// `agentry logs list`: recent logged conversations, newest first.
import { defineCommand } from '../define.js'
import { text } from '../options.js'
import { conversationFields, conversationItem, logLimit } from './fields.js'

export default defineCommand({
  path: ['logs', 'list'],
  aliases: ['ls'],
  summary: 'List recent conversations, newest first',
  options: {
    limit: logLimit('how many'),
    agent: text('--agent <id>', 'only the conversations with this agent', { nonEmpty: true }),
  },
  examples: ['agentry logs list', 'agentry logs list --agent demo-assistant --json'],
  run: async ({ limit, agent }, ctx) => {
    const store = await (await import('../../logs/index.js')).openLogStore(ctx)
    await ctx.output().list(store.list(limit, agent).map(conversationItem), conversationFields)
  },
})
