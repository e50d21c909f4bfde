// `agentry chats list <agentId>`: an agent's stateful chats, a page or --all.
import { chatsList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { chatFields } from './fields.js'

export default listCommand(chatsList, {
  path: ['chats', 'list'],
  examples: ['agentry chats list ag_123', 'agentry chats ls ag_123 --all --json'],
  fields: chatFields,
})
