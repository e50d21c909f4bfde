// `agentry chats messages <agentId> <chatId>`: the messages of a stateful chat, oldest first.
import { toUiMessages } from '../../sdk/messages.js'
import { arg, defineCommand } from '../define.js'
import { messageFields } from './fields.js'

export default defineCommand({
  path: ['chats', 'messages'],
  summary: 'Show the messages of a stateful chat, oldest first',
  args: { agentId: arg('<agentId>', 'the agent'), chatId: arg('<chatId>', 'the chat') },
  examples: ['agentry chats messages ag_123 chat_1', 'agentry chats messages ag_123 chat_1 --json'],
  run: async ({ agentId, chatId }, ctx) => {
    const data = await (await ctx.sdk()).chats.messages(agentId, chatId)
    const out = ctx.output()
    // JSON, NDJSON and YAML keep the service's messages as they are; what a person reads is converted.
    if (out.format === 'table' || out.format === 'tsv') await out.list(toUiMessages(data), messageFields)
    else await out.list(data, [])
  },
})
