// The stateful chat and attachment routes as the service's API reference shows them (brightsy.ai/docs/API, its older
// copy: "Messages", "Attachments"), for startDocumentedServer: exactly those paths, the plural segments of the deletes
// included, chat and message ids made by the client, multipart uploads with a part `file` parsed by the platform
// (undici's Request.formData), and answers in the shapes it documents: OpenAI-style completions (`choices[0]`, an SSE
// stream of chunks when asked to stream), "File uploaded successfully" and "File deleted successfully" as plain
// messages (the reference shows no other member). The messages list and the message delete are inferred from the
// same family (public-facts rows 19–20). Its model answers "attached: name (N bytes)" for the files of a message, and
// otherwise quotes the message and the one before it, so a test sees that the chat is kept.
import type { ServerResponse } from 'node:http'
import type { DocumentedRoute } from './documented-server.js'

interface Stored {
  id: string
  role: string
  content: unknown
}
interface StoredFile {
  filename: string
  size: number
  contentType: string
}
interface StoredChat {
  agentId: string
  messages: Stored[]
  files: Map<string, StoredFile[]>
}

/** The text of a message's content: a string, or the text of its items. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((c) => (typeof c?.text === 'string' ? c.text : '')).join('')
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** An OpenAI-style answer: one JSON completion, or SSE chunks of a few characters each and `[DONE]`. */
function answer(res: ServerResponse, text: string, stream: boolean): void {
  if (!stream) {
    json(res, 200, {
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    })
    return
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  res.write(chunk({ role: 'assistant' }, null))
  for (let i = 0; i < text.length; i += 7) res.write(chunk({ content: text.slice(i, i + 7) }, null))
  res.write(chunk({}, 'stop'))
  res.end('data: [DONE]\n\n')
}

/** The routes, over one store (a new one for each call). */
export function documentedChatRoutes(): DocumentedRoute[] {
  const chats = new Map<string, StoredChat>()
  const chatOf = (agentId: string, chatId: string): StoredChat => {
    let chat = chats.get(chatId)
    if (chat === undefined) {
      chat = { agentId, messages: [], files: new Map() }
      chats.set(chatId, chat)
    }
    return chat
  }
  const listed = (chat: StoredChat, m: Stored) => {
    const files = chat.files.get(m.id)
    return files?.length ? { ...m, attachments: files } : m
  }
  return [
    {
      method: 'POST',
      pattern: '/agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId}',
      handle: ({ res, params, body }) => {
        const sent = JSON.parse(body.toString('utf8') || '{}') as {
          message?: { role?: string; content?: unknown }
          messages?: { role?: string; content?: unknown }[]
          stream?: boolean
        }
        const message = sent.message ?? sent.messages?.at(-1) ?? {}
        const chat = chatOf(params.agentId ?? '', params.chatId ?? '')
        const id = params.messageId ?? ''
        // "creates or updates": the same id again replaces the message and what followed it
        const at = chat.messages.findIndex((m) => m.id === id)
        if (at >= 0) chat.messages.splice(at)
        const said = textOf(message.content)
        const previous = chat.messages.filter((m) => m.role === 'user').at(-1)
        const files = chat.files.get(id) ?? []
        const text = files.length
          ? files.map((f) => `attached: ${f.filename} (${f.size} bytes)`).join('\n')
          : [`You said: "${said}"`, ...(previous ? [`Earlier you said: "${textOf(previous.content)}"`] : [])].join('\n')
        chat.messages.push(
          { id, role: message.role ?? 'user', content: message.content ?? '' },
          { id: `${id}-answer`, role: 'assistant', content: text },
        )
        answer(res, text, sent.stream === true)
      },
    },
    {
      method: 'GET',
      pattern: '/agent/{agentId}/chat/completion/workspace/{chatId}/messages',
      handle: ({ res, params }) => {
        const chat = chats.get(params.chatId ?? '')
        if (chat === undefined) return json(res, 404, { error: { message: 'Chat not found' } })
        json(res, 200, { data: chat.messages.map((m) => listed(chat, m)) })
      },
    },
    {
      method: 'DELETE',
      pattern: '/agents/{agentId}/chat/completion/workspace/{chatId}/messages/{messageId}',
      handle: ({ res, params }) => {
        const chat = chats.get(params.chatId ?? '')
        const at = chat?.messages.findIndex((m) => m.id === params.messageId) ?? -1
        if (chat === undefined || at < 0) return json(res, 404, { error: { message: 'Message not found' } })
        chat.messages.splice(at, 1)
        json(res, 200, { message: 'Message deleted successfully' })
      },
    },
    {
      method: 'POST',
      pattern: '/agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId}/attachment',
      handle: async ({ req, res, params, body }) => {
        const type = req.headers['content-type'] ?? ''
        if (!type.startsWith('multipart/form-data'))
          return json(res, 400, { error: { message: 'multipart/form-data expected' } })
        const form = await new Request('http://127.0.0.1/', {
          method: 'POST',
          headers: { 'content-type': type },
          body: new Uint8Array(body),
        }).formData()
        const file = form.get('file')
        if (file === null || typeof file === 'string') return json(res, 400, { error: { message: 'No file provided' } })
        const chat = chatOf(params.agentId ?? '', params.chatId ?? '')
        const id = params.messageId ?? ''
        const kept = (chat.files.get(id) ?? []).filter((f) => f.filename !== file.name)
        chat.files.set(id, [...kept, { filename: file.name, size: file.size, contentType: file.type }])
        json(res, 200, { message: 'File uploaded successfully' })
      },
    },
    {
      method: 'DELETE',
      pattern: '/agents/{agentId}/chat/completion/workspace/{chatId}/messages/{messageId}/attachments/{filename}',
      handle: ({ res, params }) => {
        const files = chats.get(params.chatId ?? '')?.files.get(params.messageId ?? '') ?? []
        const at = files.findIndex((f) => f.filename === params.filename)
        if (at < 0) return json(res, 404, { error: { message: 'File not found' } })
        files.splice(at, 1)
        json(res, 200, { message: 'File deleted successfully' })
      },
    },
  ]
}
