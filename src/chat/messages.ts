// Messages between the session, the wire and transcripts (service-interface 2.1–2.2): a user message with its
// images, the request body of a turn, and the plain wire shape (transcript facts such as finish_reason stripped).
import type { Message, ToolDefinition } from '../api/schemas/index.js'
import type { ChatMode } from '../api/chat-modes.js'
import type { ChatRequest } from '../sdk/chat.js'
import type { AttachmentFile } from '../sdk/chats.js'
import type { ChatContentItem, ChatMessage, ChatToolCall } from './session.js'

/** A user message: text first, then images (content as an array of items, the interface's documented form). */
export function userMessage(text: string, images: readonly ChatContentItem[] = []): ChatMessage {
  if (images.length === 0) return { role: 'user', content: [{ type: 'text', text }] }
  return { role: 'user', content: [{ type: 'text', text }, ...images] }
}

/** A message as read from a transcript or the service, narrowed to the session's shape. */
export function toChatMessage(m: Message): ChatMessage {
  const text = (content: Message['content']): string =>
    typeof content === 'string'
      ? content
      : (content ?? []).map((c) => ('text' in c && typeof c.text === 'string' ? c.text : '')).join('')
  switch (m.role) {
    case 'system':
      return { role: 'system', content: text(m.content) }
    case 'assistant': {
      const calls: ChatToolCall[] = (m.tool_calls ?? []).map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.function.name, arguments: c.function.arguments },
      }))
      return calls.length
        ? { role: 'assistant', content: text(m.content), tool_calls: calls }
        : { role: 'assistant', content: text(m.content) }
    }
    case 'tool':
      return { role: 'tool', content: text(m.content), tool_call_id: m.tool_call_id ?? '', name: m.name ?? '' }
    default: {
      if (typeof m.content === 'string' || m.content === null) return { role: 'user', content: m.content ?? '' }
      const items: ChatContentItem[] = m.content.map((c) =>
        'image_url' in c && c.type === 'image_url'
          ? { type: 'image_url', image_url: { url: c.image_url.url } }
          : { type: 'text', text: (c as { text: string }).text },
      )
      return { role: 'user', content: items }
    }
  }
}

/** The wire form of a message: an assistant message that only calls tools has `content: null` (OpenAI syntax). */
function toWire(m: ChatMessage): Message {
  if (m.role === 'assistant' && m.tool_calls?.length)
    return {
      role: 'assistant',
      content: m.content === '' ? null : m.content,
      tool_calls: m.tool_calls.map((c) => ({ ...c })),
    }
  return { ...m } as Message
}

/** Messages to send: an extra system prompt first; empty assistant messages (an answer cancelled before its first
 * token) left out, since they carry nothing and some servers refuse them. */
export function wireHistory(system: string | undefined, history: readonly ChatMessage[]): Message[] {
  const out: Message[] = system ? [{ role: 'system', content: system }] : []
  for (const m of history) {
    if (m.role === 'assistant' && m.content === '' && !m.tool_calls?.length) continue
    out.push(toWire(m))
  }
  return out
}

/** What a request carries besides its messages. */
export interface BodyOptions {
  stream: boolean
  requestId: string
  maxTokens?: number | undefined
  tools?: ToolDefinition[] | undefined
  /** plan, ask or agent (`chat --mode`; that the body takes it is inferred) */
  mode?: ChatMode | undefined
}

function extras(o: BodyOptions) {
  return {
    stream: o.stream,
    request_id: o.requestId,
    ...(o.maxTokens !== undefined ? { max_tokens: o.maxTokens } : {}),
    ...(o.tools?.length ? { tools: o.tools } : {}),
    ...(o.mode !== undefined ? { mode: o.mode } : {}),
  }
}

/**
 * The request of a stateless completion: the whole history (service-interface 4.1; request_id per wire.md), and the
 * model to talk to directly when the agent is `default` (`chat --model`).
 */
export function statelessRequest(messages: Message[], o: BodyOptions & { model?: string | undefined }): ChatRequest {
  return { messages, ...extras(o), ...(o.model !== undefined ? { model: o.model } : {}) }
}

/** The files uploaded with messages of a stateful chat (the library sends them before the message). */
const messageFiles = new WeakMap<ChatMessage, readonly AttachmentFile[]>()

/** The message, to be sent with `files` uploaded to it first. */
export function withAttachments(m: ChatMessage, files: readonly AttachmentFile[]): ChatMessage {
  if (files.length > 0) messageFiles.set(m, files)
  return m
}

/**
 * The request of a stateful chat's completion: one message (docs/wire.md "Stateful chats"), its files uploaded to it
 * first (withAttachments).
 */
export function statefulRequest(chatId: string, m: ChatMessage, o: BodyOptions): ChatRequest {
  const files = messageFiles.get(m)
  return { chatId, message: toWire(sentFormOf(m)), ...(files ? { attachments: files } : {}), ...extras(o) }
}

/** The wire form of messages that carry more than the history keeps (the first message of a chat turned stateful). */
const sentForms = new WeakMap<ChatMessage, ChatMessage>()

/**
 * The first user message of a stateless conversation turned stateful (`/attach` offers it): the service has none of
 * the earlier turns, so they go ahead of the message's own text, once, as a quoted transcript. The history keeps `m`
 * as typed; the service gets the carried form.
 */
export function withEarlierConversation(
  m: ChatMessage,
  system: string | undefined,
  earlier: readonly ChatMessage[],
): ChatMessage {
  if (m.role !== 'user' || (earlier.length === 0 && system === undefined)) return m
  const lines = system === undefined ? [] : [`[system] ${system}`]
  for (const e of earlier) {
    const text =
      typeof e.content === 'string'
        ? e.content
        : e.content.map((c) => (c.type === 'text' ? c.text : '[image]')).join('')
    if (text !== '') lines.push(`[${e.role}] ${text}`)
  }
  const preamble = `The conversation so far, before it became this chat:\n\n${lines.join('\n\n')}\n\n(end of the conversation so far)\n\n`
  const own = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content
  sentForms.set(m, { role: 'user', content: [{ type: 'text', text: preamble }, ...own] })
  return m
}

/** What is sent for a message: its carried form when it has one, else itself. */
function sentFormOf(m: ChatMessage): ChatMessage {
  return sentForms.get(m) ?? m
}
