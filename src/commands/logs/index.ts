// `agentry logs list|show <id>|search <text>|path|clear` (commands.md, second round): the local log of chats
// (src/logs/), kept in $XDG_STATE_HOME/agentry/logs.db. Reading it works with logging off.
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { Field } from '../../io/output.js'
import type { ConversationRow, SearchHit } from '../../logs/store.js'
import { confirmDestructive } from '../confirm.js'
import { examples, parseOptions } from '../shared.js'
import { showConversation } from './show.js'

const limitSchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, '--limit must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 10_000, '--limit must be from 1 to 10000')
    .default(20),
  agent: z.string().min(1).optional(),
})

const conversationFields: Field<ConversationRow>[] = [
  { header: 'ID', get: (c) => c.id },
  { header: 'AGENT', get: (c) => c.agent_id },
  { header: 'MESSAGES', get: (c) => c.messages },
  { header: 'UPDATED', get: (c) => c.updated_at },
  { header: 'TITLE', get: (c) => c.title },
]

const hitFields: Field<SearchHit>[] = [
  { header: 'CONVERSATION', get: (h) => h.conversation_id },
  { header: 'AGENT', get: (h) => h.agent_id },
  { header: 'ROLE', get: (h) => h.role },
  { header: 'WHEN', get: (h) => h.created_at },
  { header: 'MATCH', get: (h) => h.snippet },
]

/** Registers `logs`. */
export function register(program: Command, ctx: Context): void {
  const logs = new Command('logs').description('The local log of chats: list, show, search, path, clear')
  const store = async () => (await import('../../logs/index.js')).openLogStore(ctx)
  const list = new Command('list')
    .alias('ls')
    .description('List recent conversations, newest first')
    .option('--limit <n>', 'how many (default 20)')
    .option('--agent <id>', 'only the conversations with this agent')
    .action(async (raw) => {
      const opts = parseOptions(limitSchema, raw)
      await ctx.output().list((await store()).list(opts.limit, opts.agent), conversationFields)
    })
  examples(list, ['agentry logs list', 'agentry logs list --agent demo-assistant --json'])
  const show = new Command('show')
    .description('Show a conversation (--json: the transcript as JSON)')
    .argument('<id>', 'the conversation id (agentry logs list)')
    .action(async (id: string) => showConversation(ctx, await store(), id))
  examples(show, ['agentry logs show c1a2b3c4d5e6', 'agentry logs show c1a2b3c4d5e6 --json | jq .messages'])
  const search = new Command('search')
    .description('Full-text search of every logged message (all words must match; word* matches a prefix)')
    .argument('<text...>', 'the words to find')
    .option('--limit <n>', 'how many matches (default 20)')
    .action(async (words: string[], raw) => {
      const opts = parseOptions(limitSchema, raw)
      const text = words.join(' ')
      if (text.replace(/[\s*]/g, '') === '') throw new UsageError('search: give some words to find')
      await ctx.output().list((await store()).search(text, opts.limit), hitFields)
    })
  examples(search, ['agentry logs search webhook retries', 'agentry logs search "deploy*" --json'])
  const path = new Command('path').description('Print where the log is kept').action(async () => {
    await ctx.output().text((await import('../../logs/index.js')).logPath(ctx))
  })
  examples(path, ['agentry logs path', 'sqlite3 "$(agentry logs path)" .tables'])
  const clear = new Command('clear')
    .description('Delete every logged conversation (asks first on a terminal; --yes otherwise)')
    .option('-y, --yes', 'do not ask')
    .action(async (raw: { yes?: boolean }) => {
      const s = await store()
      const n = s.count()
      await confirmDestructive(ctx, raw.yes, `Delete the local log of ${n} conversation${n === 1 ? '' : 's'}?`, 'kept')
      s.clear()
      ctx.info(`deleted ${n} conversation${n === 1 ? '' : 's'} from the local log`)
    })
  examples(clear, ['agentry logs clear', 'agentry logs clear --yes'])
  examples(logs, [
    'agentry logs list',
    'agentry logs search "rate limit"',
    'agentry chat --cid <id>                  continue a logged conversation',
    'AGENTRY_LOG=off agentry chat ag_1 -m hi  not logged (or: agentry config set log off)',
  ])
  program.addCommand(logs.addCommand(list).addCommand(show).addCommand(search).addCommand(path).addCommand(clear))
}
