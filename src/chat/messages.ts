// Messages between the session, the wire and transcripts (service-interface 2.1–2.2): a user message with its
// images, the request body of a turn, and the plain wire shape (transcript facts such as finish_reason stripped).
import type { CompletionBody } from '../api/completions.js'
import type { Message } from '../api/schemas/index.js'
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
export function toWire(m: ChatMessage): Message {
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
  tools?: CompletionBody['tools']
}

/** The body of a stateless completion (service-interface 4.1; request_id per wire.md). */
export function statelessBody(messages: Message[], o: BodyOptions): CompletionBody {
  return {
    messages,
    stream: o.stream,
    request_id: o.requestId,
    ...(o.maxTokens !== undefined ? { max_tokens: o.maxTokens } : {}),
    ...(o.tools?.length ? { tools: o.tools } : {}),
  }
}

/** The body of a stateful chat completion: one message (wire.md "Stateful chats"). */
export function statefulBody(message: Message, o: BodyOptions): CompletionBody {
  return {
    message,
    stream: o.stream,
    request_id: o.requestId,
    ...(o.maxTokens !== undefined ? { max_tokens: o.maxTokens } : {}),
    ...(o.tools?.length ? { tools: o.tools } : {}),
  }
}
