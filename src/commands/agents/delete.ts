// `agentry agents delete <agentId>`: one agent, after asking.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'

export default deleteCommand({
  path: ['agents', 'delete'],
  summary: 'Delete an agent (asks first on a terminal; --yes otherwise)',
  args: { agentId: arg('<agentId>', 'the agent') },
  examples: ['agentry agents delete agt_1', 'agentry agents rm agt_1 --yes'],
  question: ({ agentId }) => `Delete agent ${agentId}? Its chats and the scenarios that run it stop working.`,
  delete: (sdk, { agentId }) => sdk.agents.delete(agentId),
  done: ({ agentId }) => `deleted agent ${agentId}`,
})
