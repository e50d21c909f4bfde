// `agentry agents get <agentId>`: one agent.
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['agents', 'get'],
  summary: 'Show one agent',
  args: { agentId: arg('<agentId>', 'the agent id') },
  examples: ['agentry agents get ag_123', 'agentry agents get ag_123 --json | jq .systemPrompt'],
  get: (sdk, { agentId }) => sdk.agents.get(agentId),
})
