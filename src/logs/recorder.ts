// The chat engine's log hook (ChatLogHook, src/chat/session.ts): every message of a conversation goes into the local
// log once an answer to it has arrived — a message the service never answered (an unknown agent, a 401, no network)
// is not logged, nor is a conversation that never got an answer — each answer with its request_id,
// finish_reason and usage, one cut short (the user cancelled, --timeout, a dropped connection) marked partial, and
// each tool result. Never stored: credentials (the API key and any known secret value are
// scrubbed from the text by the run's Redactor; headers are never seen here), a base URL's user, password, query
// and fragment, and local images (a data: URL becomes a note; http(s) image URLs are kept).
import type { TranscriptMeta } from '../chat/transcript.js'
import type { ChatContentItem, ChatLogHook, ChatMessage, ChatSession } from '../chat/session.js'
import { type LogStore, type MessageRow, type NewMessage, newConversationId } from './store.js'

/** Where a conversation was held (no secrets: see safeBaseUrl). */
interface RecorderInfo {
  profile: string | undefined
  baseUrl: string | undefined
}

/** What the recorder works with. */
export interface RecorderDeps {
  store: LogStore
  info: RecorderInfo
  /** scrubs known secret values out of text */
  redact: (s: string) => string
  /** warns once when the log cannot be written; the chat goes on */
  warn: (message: string) => void
  now: () => number
}

const droppedImage: ChatContentItem = { type: 'text', text: '[image: not kept in the log]' }

/** Records one session's conversation; `conversationId` is set once the first message is logged. */
export class ConversationRecorder implements ChatLogHook {
  private logged = 0
  private failed = false
  /** messages recorded but not written yet: they wait for an answer */
  private pending: { message: ChatMessage; meta?: TranscriptMeta }[] = []

  /** `continuing`: the id of a logged conversation whose messages are the session's history (chat -c / --cid). */
  constructor(
    private readonly deps: RecorderDeps,
    private continuing?: { id: string; messages: number },
  ) {
    this.logged = continuing?.messages ?? 0
  }

  private previousId: string | undefined
  /** the id the next conversation will be created with, once asked for (nextConversationId) */
  private upcoming: string | undefined

  /** The conversation's id in the log (undefined until something was logged). */
  get conversationId(): string | undefined {
    return this.continuing?.id
  }

  /**
   * The conversation's id in the log, or the one it will have once an answer arrives: /new names it at once,
   * before anything is written.
   */
  get nextConversationId(): string {
    if (this.continuing) return this.continuing.id
    this.upcoming ??= newConversationId()
    return this.upcoming
  }

  /** The newest logged conversation of this session: the current one, else the one before /new. */
  get lastConversationId(): string | undefined {
    return this.continuing?.id ?? this.previousId
  }

  /** Has every message of `session` reached the log? */
  saved(session: ChatSession): boolean {
    return !this.failed && this.logged >= session.history.length
  }

  record(session: ChatSession, entries: { message: ChatMessage; meta?: TranscriptMeta }[]): void {
    this.pending.push(...entries)
    // an answer arrived: it and what it answers are written; a tool result after a written answer goes at once
    const answered = entries.some((e) => e.message.role === 'assistant')
    const afterAnswer = this.pending.every((e) => e.message.role === 'tool') && this.continuing !== undefined
    if (!answered && !afterAnswer) return
    entries = this.pending
    this.pending = []
    this.attempt(() => {
      const { store } = this.deps
      const rows: NewMessage[] = []
      let id = this.continuing?.id
      if (id === undefined) {
        id = store.create(
          {
            agent_id: session.agentId,
            chat_id: session.chatId ?? null,
            profile: this.deps.info.profile ?? null,
            base_url: safeBaseUrl(this.deps.info.baseUrl),
            system: session.system === undefined ? null : this.deps.redact(session.system),
          },
          this.isoNow(),
          this.upcoming,
        )
        this.upcoming = undefined
        this.continuing = { id, messages: 0 }
        // a conversation resumed from a --resume transcript: what came before goes in first
        for (const m of session.history.slice(0, session.history.length - entries.length)) rows.push(this.row(m))
      }
      for (const e of entries) rows.push(this.row(e.message, e.meta))
      // the system prompt as it is now (/system may have changed it), so -c rebuilds what was last sent
      store.append(id, rows, session.system === undefined ? null : this.deps.redact(session.system))
      this.logged = session.history.length
    })
  }

  truncate(_session: ChatSession, keep: number): void {
    this.pending = []
    this.attempt(() => {
      if (this.continuing) this.deps.store.truncate(this.continuing.id, keep)
      this.logged = Math.min(this.logged, keep)
    })
  }

  restart(): void {
    this.pending = []
    this.previousId = this.continuing?.id ?? this.previousId
    this.continuing = undefined
    this.upcoming = undefined
    this.logged = 0
  }

  private attempt(fn: () => void): void {
    try {
      fn()
    } catch (err) {
      if (!this.failed) this.deps.warn(`the local log was not written: ${(err as Error).message}`)
      this.failed = true
    }
  }

  private isoNow(): string {
    return new Date(this.deps.now()).toISOString()
  }

  private row(m: ChatMessage, meta: TranscriptMeta = {}): NewMessage {
    const r = this.deps.redact
    const usage = meta.usage as
      | { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
      | undefined
    const text = messageText(m)
    // a text that is the whole content is stored once, in `content`; the body says so with `"content": null`
    // (db.ts, schema 2): a long answer is then not held and written twice
    const body = typeof m.content === 'string' && m.content === text ? { ...m, content: null } : withoutLocalImages(m)
    return {
      role: m.role,
      content: r(text),
      body: r(JSON.stringify(body)),
      request_id: meta.request_id ?? null,
      finish_reason: meta.finish_reason ?? null,
      prompt_tokens: usage?.prompt_tokens ?? null,
      completion_tokens: usage?.completion_tokens ?? null,
      total_tokens: usage?.total_tokens ?? null,
      created_at: meta.createdAt ?? this.isoNow(),
      partial: meta.partial ? 1 : 0,
    }
  }
}

/** A message's searchable text: its content, images as a note, tool calls as `name(arguments)`. */
function messageText(m: ChatMessage): string {
  if (m.role === 'user' && typeof m.content !== 'string')
    return m.content.map((c) => (c.type === 'text' ? c.text : '[image]')).join('\n')
  if (m.role === 'assistant' && m.tool_calls?.length)
    return [m.content, ...m.tool_calls.map((c) => `${c.function.name}(${c.function.arguments})`)]
      .filter((s) => s !== '')
      .join('\n')
  return m.content as string
}

function withoutLocalImages(m: ChatMessage): ChatMessage {
  if (m.role !== 'user' || typeof m.content === 'string') return m
  return {
    ...m,
    content: m.content.map((c) => (c.type === 'image_url' && c.image_url.url.startsWith('data:') ? droppedImage : c)),
  }
}

/** The base URL without user, password, query or fragment (where a credential could hide). */
export function safeBaseUrl(url: string | undefined): string | null {
  if (url === undefined) return null
  try {
    const u = new URL(url)
    u.username = ''
    u.password = ''
    u.search = ''
    u.hash = ''
    return u.toString()
  } catch {
    return null
  }
}

const roles = new Set(['system', 'user', 'assistant', 'tool'])

/** The logged messages as a conversation history (for chat -c / --cid); unreadable rows are skipped. */
export function historyFromLog(rows: MessageRow[]): ChatMessage[] {
  const out: ChatMessage[] = []
  for (const row of rows) {
    try {
      const m = JSON.parse(row.body) as ChatMessage
      if (m && typeof m === 'object' && roles.has(m.role) && m.role !== 'system') out.push(m)
    } catch {
      // a row written by a newer or broken writer: the rest of the conversation still counts
    }
  }
  return out
}
