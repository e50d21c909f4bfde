// Stateful (workspace) chats (brightsy.ai/docs/API "Messages", "Attachments"; docs/wire.md "Stateful chats"): chat and
// message ids are UUIDs the client makes, and the first message (or attachment) to a new chat id starts the chat.
// A completion adds the user's message and the assistant's answer (the partial one too, when it was cancelled); a
// message sent again under its id replaces it and what followed it. Attachments are kept by message id, listed with
// their message, and shown to the model.
import { randomUUID } from 'node:crypto'
import { attachmentProblem, attachmentType } from '../../api/attachments.js'
import type { Attachment, Chat, Message } from '../../api/schemas/index.js'
import { badRequest, isoNow, notFound, pageAsked } from '../kit.js'
import { contentText } from '../completions/model/content.js'
import { pageOf } from '../paging.js'
import type { StoredAttachment, StoredChat } from '../state.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { agentOf } from './agents.js'
import { runCompletion } from '../completions/run.js'
import { requestIdOf } from '../completions/handlers.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A chat as the API shows it (without its messages and files). */
function publicChat(c: StoredChat): Chat {
  const { messages: _m, attachments: _a, ...rest } = c
  return rest
}

/** An attachment as the API shows it (without its bytes). */
function publicAttachment(a: StoredAttachment): Attachment {
  const { data: _d, ...rest } = a
  return rest
}

/** A path id the client must have made: a UUID (400 naming it otherwise). */
function uuidParam(req: EmuRequest, name: 'chatId' | 'messageId'): string {
  const id = req.params[name] ?? ''
  if (!uuidPattern.test(id)) throw badRequest(`${name} must be a UUID made by the client (got "${id.slice(0, 80)}")`)
  return id
}

/** The chat of the path, which must exist (404) and belong to the agent. */
function chatOf(req: EmuRequest, env: HandlerEnv): StoredChat {
  const agent = agentOf(req, env)
  const id = req.params.chatId ?? ''
  const chat = env.state.chats.get(id)
  if (chat === undefined || chat.agentId !== agent.id) throw notFound('chat', id)
  return chat
}

/** The chat of the path, started when its (client-made) id is new; another agent's chat is a 404. */
function chatOrNew(req: EmuRequest, env: HandlerEnv): StoredChat {
  const agent = agentOf(req, env)
  const id = uuidParam(req, 'chatId')
  if (!env.state.chats.has(id)) {
    const now = isoNow(env)
    env.state.chats.set(id, { id, agentId: agent.id, title: 'New chat', createdAt: now, updatedAt: now, messages: [] })
  }
  return chatOf(req, env)
}

/** A message with the attachments kept for its id. */
function withAttachments(chat: StoredChat, m: Message): Message {
  const files = m.id === undefined ? undefined : chat.attachments?.[m.id]
  return files?.length ? { ...m, attachments: files.map(publicAttachment) } : m
}

/** The part `file` of a multipart/form-data body, parsed by the platform (undici's Request.formData). */
async function uploadedFile(req: EmuRequest): Promise<File> {
  const type = req.headers['content-type']
  const contentType = Array.isArray(type) ? type[0] : type
  if (contentType === undefined || !/^multipart\/form-data\b/i.test(contentType))
    throw new HttpError(415, 'the body must be multipart/form-data with a part named "file"', {}, 'unsupported_media')
  let form: FormData
  try {
    form = await new Request('http://emulator/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(req.rawBody.buffer as ArrayBuffer, req.rawBody.byteOffset, req.rawBody.length),
    }).formData()
  } catch (e) {
    throw badRequest(`body: not a readable multipart/form-data body (${(e as Error).message})`)
  }
  const file = form.get('file')
  if (file === null || typeof file === 'string') throw badRequest('file is required: a multipart part named "file"')
  return file
}

/** Handlers: chatsList, chatCompletion, chatMessages, chatMessageDelete, chatAttachmentUpload, chatAttachmentDelete. */
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
  chatCompletion(req, env) {
    const messageId = uuidParam(req, 'messageId')
    const chat = chatOrNew(req, env)
    const body = req.input as DeclaredBody<'chatCompletion'>
    if (body.message.id !== undefined && body.message.id !== messageId)
      throw badRequest(`message.id "${body.message.id.slice(0, 80)}" is not the path's messageId ${messageId}`)
    // "creates or updates": a message sent again under its id replaces it and the answers that followed it
    const earlier = chat.messages.findIndex((m) => m.id === messageId)
    if (earlier >= 0) chat.messages.splice(earlier)
    const createdAt = isoNow(env)
    const userMessage: Message = { ...body.message, id: messageId, createdAt }
    // system_context: context for this answer only, as a system message before the chat (not kept with it)
    const context: Message[] = body.system_context ? [{ role: 'system', content: body.system_context }] : []
    return runCompletion(req, env, {
      agent: agentOf(req, env),
      messages: [...context, ...chat.messages, withAttachments(chat, userMessage)],
      tools: body.tools,
      maxTokens: body.max_tokens,
      stream: body.stream ?? false,
      requestId: requestIdOf(body.request_id),
      onEnd(out) {
        const now = isoNow(env)
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
    const chat = chatOf(req, env)
    return { status: 200, json: { data: chat.messages.map((m) => withAttachments(chat, m)) } }
  },
  chatMessageDelete(req, env) {
    const chat = chatOf(req, env)
    const id = req.params.messageId ?? ''
    const at = chat.messages.findIndex((m) => m.id === id)
    if (at < 0) throw notFound('message', id)
    chat.messages.splice(at, 1)
    if (chat.attachments) delete chat.attachments[id]
    chat.updatedAt = isoNow(env)
    return { status: 204 }
  },
  async chatAttachmentUpload(req, env) {
    const messageId = uuidParam(req, 'messageId')
    const chat = chatOrNew(req, env)
    const file = await uploadedFile(req)
    const filename = file.name
    const problem = attachmentProblem(filename, file.size, env.options.attachmentLimitBytes)
    if (problem?.rule === 'name') throw badRequest(`file: ${problem.message}`)
    if (problem?.rule === 'type') throw new HttpError(415, problem.message, {}, 'unsupported_media')
    if (problem?.rule === 'size') throw new HttpError(413, problem.message, {}, 'payload_too_large')
    const now = isoNow(env)
    const stored: StoredAttachment = {
      filename,
      size: file.size,
      contentType: (file.type || attachmentType(filename)) ?? 'application/octet-stream',
      createdAt: now,
      data: Buffer.from(await file.arrayBuffer()).toString('base64'),
    }
    chat.attachments ??= {}
    // the same name sent again replaces the file (so a retried upload does not make two)
    const kept = (chat.attachments[messageId] ?? []).filter((a) => a.filename !== filename)
    chat.attachments[messageId] = [...kept, stored]
    chat.updatedAt = now
    return { status: 200, json: publicAttachment(stored) }
  },
  chatAttachmentDelete(req, env) {
    const chat = chatOf(req, env)
    const messageId = req.params.messageId ?? ''
    const filename = req.params.filename ?? ''
    const files = chat.attachments?.[messageId] ?? []
    const at = files.findIndex((a) => a.filename === filename)
    if (at < 0) throw notFound('attachment', filename)
    files.splice(at, 1)
    chat.updatedAt = isoNow(env)
    return { status: 200, json: { message: `deleted ${filename}` } }
  },
} satisfies HandlerTable
