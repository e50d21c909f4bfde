// `agentry chats attachments delete <agentId> <chatId> <messageId> <filename>`: one file of a message, after asking
// (the service's documented DELETE …/messages/{messageId}/attachments/{filename}).
import { confirmDestructive } from '../../confirm.js'
import { arg, defineCommand } from '../../define.js'
import { flag } from '../../options.js'

export default defineCommand({
  path: ['chats', 'attachments', 'delete'],
  aliases: ['rm'],
  summary: 'Delete one attachment of a message of a stateful chat (asks first on a terminal; --yes otherwise)',
  args: {
    agentId: arg('<agentId>', 'the agent'),
    chatId: arg('<chatId>', 'the chat'),
    messageId: arg('<messageId>', 'the message (see: agentry chats messages --json)'),
    filename: arg('<filename>', 'the file name, as uploaded'),
  },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: [
    'agentry chats attachments delete ag_123 <chatId> <messageId> notes.txt --yes',
    'agentry chats messages ag_123 <chatId> --json | jq -r \'.[] | .id as $m | .attachments[]? | "\\($m) \\(.filename)"\'',
  ],
  run: async ({ agentId, chatId, messageId, filename, yes }, ctx) => {
    await confirmDestructive(ctx, yes, `Delete ${filename} of message ${messageId}?`)
    await (await ctx.sdk()).chats.deleteAttachment(agentId, chatId, messageId, filename)
    ctx.info(`deleted ${filename}`)
  },
})
