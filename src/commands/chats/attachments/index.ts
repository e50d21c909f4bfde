// `agentry chats attachments delete <agentId> <chatId> <messageId> <filename>`: the files of a stateful chat's messages
// (uploaded with `agentry chat --attach`; listed with their message by `agentry chats messages --json`).
import { defineGroup } from '../../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['chats', 'attachments'],
  summary: "The files of a chat's messages: delete (upload them with agentry chat --attach)",
  examples: ['agentry chats attachments delete ag_123 <chatId> <messageId> notes.txt --yes'],
  commands,
})
