// `agentry chats create <agentId>`: start a stateful chat (wire.md "Stateful chats"); continue it with `agentry chat
// <agentId> --chat <id>`.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'
import { chatFields } from './fields.js'

/** Longest title the service keeps (wire.md "Stateful chats"). */
const maxTitle = 200

export default defineCommand({
  path: ['chats', 'create'],
  summary: 'Start a stateful chat and print it (continue it with: agentry chat <agentId> --chat <id>)',
  args: { agentId: arg('<agentId>', 'the agent') },
  options: {
    title: custom('--title <text>', 'a title (default: the first message)', (title, flag) => {
      if (title.length > maxTitle) throw new UsageError(`${flag}: at most ${maxTitle} characters`)
      return title
    }),
  },
  examples: ['agentry chats create ag_123', 'id=$(agentry chats create ag_123 --json | jq -r .id)'],
  run: async ({ agentId, title }, ctx) => {
    const chat = await (await ctx.sdk()).chats.create(agentId, { title })
    await ctx.output().item(chat, chatFields)
  },
})
