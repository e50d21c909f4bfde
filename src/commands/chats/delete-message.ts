// `agentry chats delete-message <agentId> <chatId> <messageId>`: one message of a stateful chat, after asking.
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'

export default defineCommand({
  path: ['chats', 'delete-message'],
  aliases: ['rm-message'],
  summary: 'Delete one message of a stateful chat (asks first on a terminal; --yes otherwise)',
  args: {
    agentId: arg('<agentId>', 'the agent'),
    chatId: arg('<chatId>', 'the chat'),
    messageId: arg('<messageId>', 'the message (see: agentry chats messages)'),
  },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry chats delete-message ag_123 chat_1 6f1c… --yes'],
  run: async ({ agentId, chatId, messageId, yes }, ctx) => {
    await confirmDestructive(ctx, yes, `Delete message ${messageId} of chat ${chatId}?`)
    await (await ctx.sdk()).chats.deleteMessage(agentId, chatId, messageId)
    ctx.info(`deleted message ${messageId}`)
  },
})
