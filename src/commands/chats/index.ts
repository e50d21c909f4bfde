// `agentry chats list|create|messages|delete-message` (commands.md): stateful (workspace) chats kept by the service
// (wire.md "Stateful chats"). Continue one with `agentry chat <agentId> --chat <chatId>`.
import { Command } from 'commander'
import * as z from 'zod'
import { chatMessages, createChat, deleteChatMessage } from '../../api/completions.js'
import { chatSchema, type Message } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { confirmDestructive } from '../confirm.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'

/** Columns of `chats list`. */
export const chatFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (c) => c.id },
  { header: 'TITLE', get: (c) => c.title },
  { header: 'UPDATED', get: (c) => c.updatedAt },
]

/** The text of a message's content (images shown as [image]). */
export function contentSummary(content: Message['content']): string {
  if (typeof content === 'string' || content === null) return content ?? ''
  return content
    .map((c) => ('image_url' in c && c.type === 'image_url' ? '[image]' : (c as { text: string }).text))
    .join('')
}

/** Columns of `chats messages`. */
export const messageFields: Field<Message>[] = [
  { header: 'ID', get: (m) => m.id },
  { header: 'ROLE', get: (m) => m.role },
  { header: 'CREATED', get: (m) => m.createdAt },
  {
    header: 'CONTENT',
    get: (m) => contentSummary(m.content) || (m.tool_calls?.map((c) => `${c.function.name}()`).join(' ') ?? ''),
  },
]

const createOptionsSchema = z.object({ title: z.string().max(200, 'at most 200 characters').optional() })
const deleteOptionsSchema = z.object({ yes: z.boolean().default(false) })

/** Registers the chats group. */
export function register(program: Command, ctx: Context): void {
  const chats = new Command('chats').description('Stateful (workspace) chats: list, create, messages')
  const list = withListOptions(
    new Command('list').alias('ls').description("List an agent's stateful chats").argument('<agentId>', 'the agent'),
  ).action(async (agentId: string, raw: unknown) => {
    const opts = parseOptions(listOptionsSchema, raw)
    const api = await ctx.api()
    await ctx.output().list(api.list('chatsList', chatSchema, { ...opts, params: { agentId } }), chatFields)
  })
  examples(list, ['agentry chats list ag_123', 'agentry chats ls ag_123 --all --json'])
  const create = new Command('create')
    .description('Start a stateful chat and print it (continue it with: agentry chat <agentId> --chat <id>)')
    .argument('<agentId>', 'the agent')
    .option('--title <text>', 'a title (default: the first message)')
    .action(async (agentId: string, raw: unknown) => {
      const { title } = parseOptions(createOptionsSchema, raw)
      const chat = await createChat(await ctx.api(), agentId, title)
      await ctx.output().item(chat, chatFields)
    })
  examples(create, ['agentry chats create ag_123', 'id=$(agentry chats create ag_123 --json | jq -r .id)'])
  const messages = new Command('messages')
    .description('Show the messages of a stateful chat, oldest first')
    .argument('<agentId>', 'the agent')
    .argument('<chatId>', 'the chat')
    .action(async (agentId: string, chatId: string) => {
      const data = await chatMessages(await ctx.api(), agentId, chatId)
      await ctx.output().list(data, messageFields)
    })
  examples(messages, ['agentry chats messages ag_123 chat_1', 'agentry chats messages ag_123 chat_1 --json'])
  const del = new Command('delete-message')
    .alias('rm-message')
    .description('Delete one message of a stateful chat (asks first on a terminal; --yes otherwise)')
    .argument('<agentId>', 'the agent')
    .argument('<chatId>', 'the chat')
    .argument('<messageId>', 'the message (see: agentry chats messages)')
    .option('-y, --yes', 'do not ask')
    .action(async (agentId: string, chatId: string, messageId: string, raw: unknown) => {
      const { yes } = parseOptions(deleteOptionsSchema, raw)
      await confirmDestructive(ctx, yes, `Delete message ${messageId} of chat ${chatId}?`)
      await deleteChatMessage(await ctx.api(), agentId, chatId, messageId)
      ctx.info(`deleted message ${messageId}`)
    })
  examples(del, ['agentry chats delete-message ag_123 chat_1 6f1c… --yes'])
  program.addCommand(chats.addCommand(list).addCommand(create).addCommand(messages).addCommand(del))
}
