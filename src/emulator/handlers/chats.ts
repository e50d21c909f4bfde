// Stateful (workspace) chats (wire.md "Stateful chats"): the emulator keeps each chat's messages; a completion adds
// the user's message and the assistant's answer (the partial one too, when it was cancelled).
import { randomUUID } from 'node:crypto'
import type { Chat, Message } from '../../api/schemas/index.js'
import { notFound, pageAsked } from '../kit.js'
import { contentText } from '../completions/model/content.js'
import { pageOf } from '../paging.js'
import type { StoredChat } from '../state.js'
import type { DeclaredBody, EmuRequest, HandlerEnv, HandlerTable } from '../types.js'
import { agentOf } from './agents.js'
import { runCompletion } from '../completions/run.js'
import { requestIdOf } from '../completions/handlers.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A chat as the API shows it (without its messages). */
function publicChat(c: StoredChat): Chat {
  const { messages: _m, ...rest } = c
  return rest
}

function chatOf(req: EmuRequest, env: HandlerEnv): StoredChat {
  const agent = agentOf(req, env)
  const id = req.params.chatId ?? ''
  const chat = env.state.chats.get(id)
  if (chat === undefined || chat.agentId !== agent.id) throw notFound('chat', id)
  return chat
}

/** Handlers: chatsList, chatsCreate, chatCompletion, chatMessages, chatMessageDelete. */
export const chatHandlers = {
  chatsList(req, env) {
    const agent = agentOf(req, env)
    const page = pageAsked(req)
    const chats = [...env.state.chats.values()]
      .filter((c) => c.agentId === agent.id)
      .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '') || b.id.localeCompare(a.id))
    const result = pageOf(chats, page)
    return { status: 200, json: { data: result.data.map(publicChat), pagination: result.pagination } }
  },
  chatsCreate(req, env) {
    const agent = agentOf(req, env)
    const body = req.input as DeclaredBody<'chatsCreate'>
    const now = new Date(env.now()).toISOString()
    const chat: StoredChat = {
      id: `chat_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      agentId: agent.id,
      title: body.title ?? 'New chat',
      createdAt: now,
      updatedAt: now,
      messages: [],
    }
    env.state.chats.set(chat.id, chat)
    return { status: 201, json: publicChat(chat) }
  },
  chatCompletion(req, env) {
    const chat = chatOf(req, env)
    const body = req.input as DeclaredBody<'chatCompletion'>
    const createdAt = new Date(env.now()).toISOString()
    const given = body.message.id
    const userMessage: Message = {
      ...body.message,
      id: given !== undefined && uuidPattern.test(given) ? given : randomUUID(),
      createdAt,
    }
    return runCompletion(req, env, {
      agent: agentOf(req, env),
      messages: [...chat.messages, userMessage],
      tools: body.tools,
      maxTokens: body.max_tokens,
      stream: body.stream ?? false,
      requestId: requestIdOf(body.request_id),
      onEnd(out) {
        const now = new Date(env.now()).toISOString()
        const answer: Message = {
          id: randomUUID(),
          role: 'assistant',
          content: out.text === '' ? [] : [{ type: 'text', text: out.text }],
          createdAt: now,
          finish_reason: out.finishReason,
        }
        if (out.toolCalls.length) answer.tool_calls = out.toolCalls
        chat.messages.push(userMessage, answer)
        if (chat.title === 'New chat' && userMessage.role === 'user') {
          const t = contentText(userMessage.content).trim().replace(/\s+/g, ' ')
          if (t) chat.title = t.length > 60 ? `${t.slice(0, 59)}…` : t
        }
        chat.updatedAt = now
      },
    })
  },
  chatMessages(req, env) {
    return { status: 200, json: { data: chatOf(req, env).messages } }
  },
  chatMessageDelete(req, env) {
    const chat = chatOf(req, env)
    const id = req.params.messageId ?? ''
    const at = chat.messages.findIndex((m) => m.id === id)
    if (at < 0) throw notFound('message', id)
    chat.messages.splice(at, 1)
    chat.updatedAt = new Date(env.now()).toISOString()
    return { status: 204 }
  },
} satisfies HandlerTable
