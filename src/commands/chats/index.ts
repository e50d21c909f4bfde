// `agentry chats list|create|messages|delete-message` (commands.md): stateful (workspace) chats kept by the service
// (wire.md "Stateful chats"). Continue one with `agentry chat <agentId> --chat <chatId>`.
import { defineGroup } from '../define.js'
import create from './create.js'
import deleteMessage from './delete-message.js'
import list from './list.js'
import messages from './messages.js'

export default defineGroup({
  path: ['chats'],
  summary: 'Stateful (workspace) chats: list, create, messages',
  commands: [list, create, messages, deleteMessage],
})
