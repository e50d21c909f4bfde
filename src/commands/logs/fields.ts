// The columns of `logs list` and `logs search`, and the --limit both take.
import type { Field } from '../../io/output.js'
import type { ConversationRow, SearchHit } from '../../logs/store.js'
import { int } from '../options.js'

/** Columns of `logs list`. */
export const conversationFields: Field<ConversationRow>[] = [
  { header: 'ID', get: (c) => c.id },
  // the stateful chat's id on the service, beside the log's: `chat --cid <ID>` resumes either way
  { header: 'CHAT', get: (c) => c.chat_id ?? '', id: true },
  { header: 'AGENT', get: (c) => c.agent_id, id: true },
  { header: 'MESSAGES', get: (c) => c.messages },
  { header: 'UPDATED', get: (c) => c.updated_at },
  { header: 'TITLE', get: (c) => c.title },
]

/** Columns of `logs search`. */
export const hitFields: Field<SearchHit>[] = [
  { header: 'CONVERSATION', get: (h) => h.conversation_id, id: true },
  { header: 'AGENT', get: (h) => h.agent_id, id: true },
  { header: 'ROLE', get: (h) => h.role },
  { header: 'WHEN', get: (h) => h.created_at },
  { header: 'MATCH', get: (h) => h.snippet },
]

/** --limit of `logs list` and `logs search`: how many rows, 1 to 10000, 20 when not given. */
export const logLimit = (what: string) =>
  int('--limit <n>', `${what}, 1 to 10000 (default 20)`, { min: 1, max: 10_000, default: 20 })
