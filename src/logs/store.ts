// The conversation log's reads and writes (the schema is in db.ts). Everything is synchronous (DatabaseSync):
// one chat writes its messages in order, and parallel chats queue on SQLite's lock (busy timeout).
import { randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'

/** A conversation as listed. */
export interface ConversationRow {
  id: string
  agent_id: string
  chat_id: string | null
  profile: string | null
  base_url: string | null
  system: string | null
  title: string
  created_at: string
  updated_at: string
  messages: number
  total_tokens: number | null
}

/** A logged message. */
export interface MessageRow {
  seq: number
  role: string
  content: string
  body: string
  request_id: string | null
  finish_reason: string | null
  prompt_tokens: number | null
  completion_tokens: number | null
  total_tokens: number | null
  created_at: string
  /** 1 for an answer cut short (the user cancelled, --timeout, a dropped connection), else 0 */
  partial: number
}

/** A search hit. */
export interface SearchHit {
  conversation_id: string
  agent_id: string
  seq: number
  role: string
  created_at: string
  snippet: string
}

/** What a new conversation is made with. */
export type NewConversation = Pick<ConversationRow, 'agent_id' | 'chat_id' | 'profile' | 'base_url' | 'system'>

/** A message to append. */
export type NewMessage = Omit<MessageRow, 'seq' | 'partial'> & { partial?: number }

const listColumns = `c.id, c.agent_id, c.chat_id, c.profile, c.base_url, c.system, c.title, c.created_at, c.updated_at,
  (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS messages,
  (SELECT sum(total_tokens) FROM messages m WHERE m.conversation_id = c.id) AS total_tokens`

/** A new conversation id: short enough to type, random enough never to collide in one log (48 bits). */
export function newConversationId(): string {
  return `c${randomBytes(6).toString('hex')}`
}

/** Reads and writes the log. */
export class LogStore {
  constructor(readonly db: DatabaseSync) {}

  /** Creates a conversation (with `id` when it was made beforehand, newConversationId); returns its id. */
  create(c: NewConversation, at: string, id = newConversationId()): string {
    this.db
      .prepare(
        `INSERT INTO conversations (id, agent_id, chat_id, profile, base_url, system, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, c.agent_id, c.chat_id, c.profile, c.base_url, c.system, at, at)
    return id
  }

  /**
   * Appends messages after the conversation's last one (in one transaction); the first user text titles it, and
   * `system` (when given) replaces the conversation's system prompt (/system changed it).
   */
  append(conversationId: string, messages: NewMessage[], system?: string | null): void {
    if (messages.length === 0) return
    this.db.exec('BEGIN IMMEDIATE')
    try {
      const last = this.db
        .prepare('SELECT coalesce(max(seq), 0) AS n FROM messages WHERE conversation_id = ?')
        .get(conversationId) as { n: number }
      const insert = this.db.prepare(
        `INSERT INTO messages (conversation_id, seq, role, content, body, request_id, finish_reason, prompt_tokens,
           completion_tokens, total_tokens, created_at, partial) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      let seq = Number(last.n)
      for (const m of messages)
        insert.run(
          conversationId,
          ++seq,
          m.role,
          m.content,
          m.body,
          m.request_id,
          m.finish_reason,
          m.prompt_tokens,
          m.completion_tokens,
          m.total_tokens,
          m.created_at,
          m.partial ?? 0,
        )
      const title =
        messages
          .find((m) => m.role === 'user')
          ?.content.replace(/\s+/g, ' ')
          .trim()
          .slice(0, 80) ?? ''
      this.db
        .prepare(`UPDATE conversations SET updated_at = ?, title = CASE WHEN title = '' THEN ? ELSE title END
                  WHERE id = ?`)
        .run(messages.at(-1)?.created_at ?? '', title, conversationId)
      if (system !== undefined)
        this.db.prepare('UPDATE conversations SET system = ? WHERE id = ?').run(system, conversationId)
      this.db.exec('COMMIT')
    } catch (err) {
      this.db.exec('ROLLBACK')
      throw err
    }
  }

  /** Drops the messages after the first `keep` (a retried answer). */
  truncate(conversationId: string, keep: number): void {
    this.db.prepare('DELETE FROM messages WHERE conversation_id = ? AND seq > ?').run(conversationId, keep)
  }

  /** The newest conversations first (of one agent when given). */
  list(limit: number, agentId?: string): ConversationRow[] {
    const where = agentId === undefined ? '' : 'WHERE c.agent_id = ?'
    const args = agentId === undefined ? [limit] : [agentId, limit]
    return this.db
      .prepare(`SELECT ${listColumns} FROM conversations c ${where} ORDER BY c.updated_at DESC, c.rowid DESC LIMIT ?`)
      .all(...args) as unknown as ConversationRow[]
  }

  /** One conversation, or undefined. */
  get(id: string): ConversationRow | undefined {
    return this.db.prepare(`SELECT ${listColumns} FROM conversations c WHERE c.id = ?`).get(id) as
      | ConversationRow
      | undefined
  }

  /** The newest logged conversation of a service chat (its chat id), or undefined. */
  byChat(agentId: string, chatId: string): ConversationRow | undefined {
    return this.db
      .prepare(
        `SELECT ${listColumns} FROM conversations c WHERE c.agent_id = ? AND c.chat_id = ?
         ORDER BY c.updated_at DESC, c.rowid DESC LIMIT 1`,
      )
      .get(agentId, chatId) as ConversationRow | undefined
  }

  /** Is there a conversation with this agent? */
  hasAgent(agentId: string): boolean {
    return this.db.prepare('SELECT 1 FROM conversations WHERE agent_id = ? LIMIT 1').get(agentId) !== undefined
  }

  /** The messages of a conversation, in order, each body whole (its content filled in from `content`, db.ts). */
  messages(id: string): MessageRow[] {
    const rows = this.db
      .prepare(
        `SELECT seq, role, content, body, request_id, finish_reason, prompt_tokens, completion_tokens, total_tokens,
           created_at, partial FROM messages WHERE conversation_id = ? ORDER BY seq`,
      )
      .all(id) as unknown as MessageRow[]
    for (const row of rows) row.body = wholeBody(row)
    return rows
  }

  /**
   * Full-text search (FTS5): every word must match (a prefix with a trailing *); newest first. Only the first 65,536
   * characters of a message are indexed (db.ts): a word only after that is not found.
   */
  search(text: string, limit: number): SearchHit[] {
    return this.db
      .prepare(
        `SELECT m.conversation_id, c.agent_id, m.seq, m.role, m.created_at,
           snippet(messages_fts, 0, '[', ']', '…', 12) AS snippet
         FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
         JOIN conversations c ON c.id = m.conversation_id
         WHERE messages_fts MATCH ? ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
      )
      .all(ftsQuery(text), limit) as unknown as SearchHit[]
  }

  /** How many conversations there are. */
  count(): number {
    return Number((this.db.prepare('SELECT count(*) AS n FROM conversations').get() as { n: number }).n)
  }

  /** Deletes every conversation and scrubs the file (secure_delete, then VACUUM and a WAL truncate). */
  clear(): number {
    const n = this.count()
    // 'delete-all', not 'rebuild': a rebuild would index whole rows (db.ts indexes a prefix of each)
    this.db.exec(`DELETE FROM messages; DELETE FROM conversations;
      INSERT INTO messages_fts (messages_fts) VALUES ('delete-all');`)
    this.db.exec('VACUUM')
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    return n
  }
}

/** A row's body with its content filled in from the `content` column when stored there only (`"content": null`). */
function wholeBody(row: MessageRow): string {
  if (!row.body.includes('"content":null')) return row.body
  try {
    const body = JSON.parse(row.body) as { content?: unknown }
    if (body === null || typeof body !== 'object' || body.content !== null) return row.body
    body.content = row.content
    return JSON.stringify(body)
  } catch {
    return row.body
  }
}

/**
 * The user's words as an FTS5 query: each word a quoted string (so `"`, `-`, `:`, `AND`… are plain text, FTS5
 * "Full-text Query Syntax" 3.1), all of them required; a trailing `*` keeps its meaning as a prefix search.
 */
export function ftsQuery(text: string): string {
  const words = text.split(/\s+/).filter((w) => w !== '' && w !== '*')
  return words
    .map((w) => {
      const prefix = w.endsWith('*')
      const bare = prefix ? w.slice(0, -1) : w
      return `"${bare.replace(/"/g, '""')}"${prefix ? '*' : ''}`
    })
    .join(' ')
}
