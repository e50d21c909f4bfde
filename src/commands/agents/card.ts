// `agentry agents card <agentId>`: the agent's A2A card (service-interface 4.3).
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['agents', 'card'],
  summary: "Show an agent's A2A card (capabilities, skills, endpoint)",
  args: { agentId: arg('<agentId>', 'the agent id') },
  examples: ['agentry agents card ag_123', 'agentry agents card ag_123 --json'],
  run: async ({ agentId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).agents.card(agentId))
  },
})
