// `agentry agents get <agentId>`: one agent.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['agents', 'get'],
  summary: 'Show one agent',
  args: { agentId: arg('<agentId>', 'the agent id') },
  examples: ['agentry agents get ag_123', 'agentry agents get ag_123 --json | jq .systemPrompt'],
  run: async ({ agentId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).agents.get(agentId))
  },
})
