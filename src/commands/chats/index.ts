// `agentry chats list|create|messages|delete-message` (commands.md): stateful (workspace) chats kept by the service
// (wire.md "Stateful chats"). Continue one with `agentry chat <agentId> --chat <chatId>`.
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { toUiMessages, type UiMessage, uiMessageSummary } from '../../sdk/messages.js'
import { confirmDestructive } from '../confirm.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { printList } from '../list-notes.js'

/** Columns of `chats list`. */
export const chatFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (c) => c.id },
  { header: 'TITLE', get: (c) => c.title },
  { header: 'UPDATED', get: (c) => c.updatedAt },
]

/**
 * Columns of `chats messages` on a terminal or in TSV: the messages converted for rendering (service-interface
 * 2.8), so a tool call and its result are one entry and consecutive messages of one role one row.
 */
export const messageFields: Field<UiMessage>[] = [
  { header: 'ID', get: (m) => m.id },
  { header: 'ROLE', get: (m) => m.role },
  { header: 'CREATED', get: (m) => m.createdAt },
  { header: 'TOKENS', get: (m) => m.usage?.total_tokens },
  { header: 'CONTENT', get: (m) => uiMessageSummary(m) },
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
    await printList(ctx, (await ctx.sdk()).chats.list(agentId, opts), opts, chatFields, 'chats')
  })
  examples(list, ['agentry chats list ag_123', 'agentry chats ls ag_123 --all --json'])
  const create = new Command('create')
    .description('Start a stateful chat and print it (continue it with: agentry chat <agentId> --chat <id>)')
    .argument('<agentId>', 'the agent')
    .option('--title <text>', 'a title (default: the first message)')
    .action(async (agentId: string, raw: unknown) => {
      const { title } = parseOptions(createOptionsSchema, raw)
      const chat = await (await ctx.sdk()).chats.create(agentId, { title })
      await ctx.output().item(chat, chatFields)
    })
  examples(create, ['agentry chats create ag_123', 'id=$(agentry chats create ag_123 --json | jq -r .id)'])
  const messages = new Command('messages')
    .description('Show the messages of a stateful chat, oldest first')
    .argument('<agentId>', 'the agent')
    .argument('<chatId>', 'the chat')
    .action(async (agentId: string, chatId: string) => {
      const data = await (await ctx.sdk()).chats.messages(agentId, chatId)
      const out = ctx.output()
      // JSON, NDJSON and YAML keep the service's messages as they are; what a person reads is converted.
      if (out.format === 'table' || out.format === 'tsv') await out.list(toUiMessages(data), messageFields)
      else await out.list(data, [])
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
      await (await ctx.sdk()).chats.deleteMessage(agentId, chatId, messageId)
      ctx.info(`deleted message ${messageId}`)
    })
  examples(del, ['agentry chats delete-message ag_123 chat_1 6f1c… --yes'])
  program.addCommand(chats.addCommand(list).addCommand(create).addCommand(messages).addCommand(del))
}
