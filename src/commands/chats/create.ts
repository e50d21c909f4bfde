// `agentry chats create <agentId>`: start a stateful chat (wire.md "Stateful chats"); continue it with `agentry chat
// <agentId> --chat <id>`.
import { maxChars } from '../max-chars.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'
import { chatFields } from './fields.js'

export default defineCommand({
  path: ['chats', 'create'],
  summary: 'Start a stateful chat and print it (continue it with: agentry chat <agentId> --chat <id>)',
  args: { agentId: arg('<agentId>', 'the agent') },
  options: {
    // the service keeps at most 200 characters (wire.md "Stateful chats")
    title: custom('--title <text>', 'a title (default: the first message)', maxChars(200)),
  },
  examples: ['agentry chats create ag_123', 'id=$(agentry chats create ag_123 --json | jq -r .id)'],
  run: async ({ agentId, title }, ctx) => {
    const chat = await (await ctx.sdk()).chats.create(agentId, { title })
    await ctx.output().item(chat, chatFields)
  },
})
