// The rows `logs list` and `logs search` print (camelCase like every other command's JSON; the store's columns are
// snake_case), their columns, and the --limit both take.
import type { Field } from '../../io/output.js'
import type { ConversationRow, SearchHit } from '../../logs/store.js'
import { int } from '../options.js'

/** A conversation as `logs list` prints it. */
export interface ConversationItem {
  id: string
  agentId: string
  chatId: string | null
  profile: string | null
  baseUrl: string | null
  system: string | null
  title: string
  createdAt: string
  updatedAt: string
  messages: number
  totalTokens: number | null
}

/** A match as `logs search` prints it. */
export interface SearchItem {
  conversationId: string
  agentId: string
  seq: number
  role: string
  createdAt: string
  snippet: string
}

/** A stored conversation row → the item `logs list` prints. */
export const conversationItem = (c: ConversationRow): ConversationItem => ({
  id: c.id,
  agentId: c.agent_id,
  chatId: c.chat_id,
  profile: c.profile,
  baseUrl: c.base_url,
  system: c.system,
  title: c.title,
  createdAt: c.created_at,
  updatedAt: c.updated_at,
  messages: c.messages,
  totalTokens: c.total_tokens,
})

/** A stored search hit → the item `logs search` prints. */
export const searchItem = (h: SearchHit): SearchItem => ({
  conversationId: h.conversation_id,
  agentId: h.agent_id,
  seq: h.seq,
  role: h.role,
  createdAt: h.created_at,
  snippet: h.snippet,
})

/** Columns of `logs list`. */
export const conversationFields: Field<ConversationItem>[] = [
  { header: 'ID', get: (c) => c.id },
  // the stateful chat's id on the service, beside the log's: `chat --cid <ID>` resumes either way
  { header: 'CHAT', get: (c) => c.chatId ?? '', id: true },
  { header: 'AGENT', get: (c) => c.agentId, id: true },
  { header: 'MESSAGES', get: (c) => c.messages },
  { header: 'UPDATED', get: (c) => c.updatedAt },
  { header: 'TITLE', get: (c) => c.title },
]

/** Columns of `logs search`. */
export const hitFields: Field<SearchItem>[] = [
  { header: 'CONVERSATION', get: (h) => h.conversationId, id: true },
  { header: 'AGENT', get: (h) => h.agentId, id: true },
  { header: 'ROLE', get: (h) => h.role },
  { header: 'WHEN', get: (h) => h.createdAt },
  { header: 'MATCH', get: (h) => h.snippet },
]

/** --limit of `logs list` and `logs search`: how many rows, 1 to 10000, 20 when not given. */
export const logLimit = (what: string) =>
  int('--limit <n>', `${what}, 1 to 10000 (default 20)`, { min: 1, max: 10_000, default: 20 })
