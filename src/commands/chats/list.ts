// `agentry chats list <agentId>`: an agent's stateful chats, a page or --all.
import { arg } from '../define.js'
import { listCommand } from '../presets.js'
import { chatFields } from './fields.js'

export default listCommand({
  path: ['chats', 'list'],
  summary: "List an agent's stateful chats",
  args: { agentId: arg('<agentId>', 'the agent') },
  examples: ['agentry chats list ag_123', 'agentry chats ls ag_123 --all --json'],
  fields: chatFields,
  noun: 'chats',
  list: (sdk, { agentId, ...opts }) => sdk.chats.list(agentId, opts),
})
