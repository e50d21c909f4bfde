// Stateful chats (brightsy.ai/docs/API "Messages", "Attachments"; docs/wire.md "Stateful chats"), the methods that
// are not plain projections of an operation (list, deleteMessage and deleteAttachment are generated: methods.gen.ts):
// a new chat id (made here: the service has no create call), the messages (raw, or converted for rendering by
// service-interface 2.8), and an upload of an attachment.
import type * as Crypto from 'node:crypto'
import { attachmentProblem, attachmentType } from '../api/attachments.js'
import { UsageError } from '../api/errors.js'
import type { Attachment, Chat, Message } from '../api/schemas/messages.js'
import type { UiMessage } from './messages.js'
import type { Transport } from './transport.js'

/** A file to attach: its name (the service keeps it by that name), its bytes, and its type (default: by the name). */
export interface AttachmentFile {
  name: string
  data: Uint8Array | Blob
  type?: string
}

/**
 * A new UUID: request, chat and message ids. node:crypto on use: loaded with the library's client it cost every API
 * command ~10 ms (bench/startup).
 */
export const newUuid = (): string => (process.getBuiltinModule('node:crypto') as typeof Crypto).randomUUID()

/** `client.chats`, besides its generated methods. */
export const chatsByHand = (t: Transport) => {
  const messages = async (agentId: string, chatId: string): Promise<Message[]> =>
    (await t.call('chatMessages', { params: { agentId, chatId } })).data
  return {
    /**
     * A new stateful chat: its id, a UUID made here. Nothing is sent: the first message to this id starts the chat on
     * the service (its reference shows no create call).
     */
    create: (agentId: string): Chat => ({ id: newUuid(), agentId }),
    /** The messages of a chat, oldest first, as the service keeps them. */
    messages,
    /** The messages of a chat converted for rendering (service-interface 2.8): parts, merged turns, usage. */
    // the conversion loads here: every client has `chats`, few runs convert messages (start-up, bench/startup)
    uiMessages: async (agentId: string, chatId: string): Promise<UiMessage[]> =>
      (await import('./messages.js')).toUiMessages(await messages(agentId, chatId)),
    /**
     * Uploads a file to message `messageId` of a chat, as the multipart part `file`. Send it before the message (same
     * `messageId`, see `client.chat.stream`) for the answer to see it. A name, type or size the service's limits refuse
     * (api/attachments.ts) throws a UsageError before anything is sent.
     */
    attach: async (
      agentId: string,
      chatId: string,
      messageId: string,
      file: AttachmentFile,
    ): Promise<Partial<Attachment>> => {
      const size = file.data instanceof Blob ? file.data.size : file.data.byteLength
      const problem = attachmentProblem(file.name, size)
      if (problem !== undefined) throw new UsageError(problem.message)
      const type = file.type ?? attachmentType(file.name) ?? 'application/octet-stream'
      const form = new FormData()
      form.append('file', new Blob([file.data as Uint8Array<ArrayBuffer> | Blob], { type }), file.name)
      // the platform's own multipart encoder (undici's, through Response), read into bytes so that a retry sends them again
      const encoded = new Response(form)
      const rawBody = new Uint8Array(await encoded.arrayBuffer())
      const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data'
      return t.call('chatAttachmentUpload', {
        params: { agentId, chatId, messageId },
        rawBody,
        headers: { 'content-type': contentType },
      })
    },
  }
}
