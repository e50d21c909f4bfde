// `agentry chats list|create|messages|delete-message` (commands.md): stateful (workspace) chats kept by the service
// (wire.md "Stateful chats"). Continue one with `agentry chat <agentId> --chat <chatId>`.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['chats'],
  summary: 'Stateful (workspace) chats: list, create, messages',
  commands,
})
