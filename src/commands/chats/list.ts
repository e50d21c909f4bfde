// `agentry chats list <agentId>`: an agent's stateful chats, a page or --all.
import { arg, defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { chatFields } from './fields.js'

export default defineCommand({
  path: ['chats', 'list'],
  aliases: ['ls'],
  summary: "List an agent's stateful chats",
  args: { agentId: arg('<agentId>', 'the agent') },
  options: listOptions,
  examples: ['agentry chats list ag_123', 'agentry chats ls ag_123 --all --json'],
  run: async ({ agentId, ...opts }, ctx) => {
    await printList(ctx, (await ctx.sdk()).chats.list(agentId, opts), opts, chatFields, 'chats')
  },
})
