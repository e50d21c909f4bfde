// `agentry chats create <agentId>`: a new stateful chat's id, a UUID made here (the service's reference shows no
// create call: the first message to the id starts the chat). Nothing is sent; continue it with
// `agentry chat <agentId> --chat <id>`.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['chats', 'create'],
  summary: 'Make a new stateful chat id (a UUID, nothing is sent); use it with: agentry chat <agentId> --chat <id>',
  args: { agentId: arg('<agentId>', 'the agent') },
  examples: [
    'agentry chats create ag_123',
    'id=$(agentry chats create ag_123 --json | jq -r .id); agentry chat ag_123 --chat "$id" -m "remember 42"',
  ],
  run: async ({ agentId }, ctx) => {
    const chat = (await ctx.sdk()).chats.create(agentId)
    await ctx.output().item(chat, [
      { header: 'ID', get: (c) => c.id },
      { header: 'AGENT', get: (c) => c.agentId },
    ])
  },
})
