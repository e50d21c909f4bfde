// The chats family: completions, cancel and stateful chats (service-interface 4.1, 4.2; wire.md "Stateful chats").
import * as z from '../zod.js'
import {
  cancelRequestSchema,
  chatCompletionRequestSchema,
  attachmentSchema,
  chatSchema,
  completionRequestSchema,
  messageSchema,
} from '../schemas/messages.js'
import { pageOf } from '../schemas/common.js'
import { listOf } from './paging.js'
import { type Contract, documented, inferred, op, seed } from './types.js'

/**
 * The upload's answer: the reference says only "File uploaded successfully", so every member is optional (the emulator
 * answers the stored attachment; a `{message}` is as good).
 */
const uploadAnswerSchema = z.partial(attachmentSchema)

/** The cancel endpoint's answer (`{message}`; 404 when the request is unknown or finished). */
const cancelResponseSchema = z.looseObject({ message: z.optional(z.string()) })

/** Completions and stateful chats. Completion answers are streams: the stream decoder reads them, not a schema. */
export const chats = {
  completion: op('POST', '/agent/{agentId}/chat/completion', {
    provenance: documented(
      'brightsy-mcp src/index.ts (POST {origin}/api/v1beta/agent/{agent_id}/chat/completion, `{messages, stream}`); brightsy.ai/docs/API/index (SDK chat.completions)',
    ),
    scope: 'agent',
    preflight: true,
    body: completionRequestSchema,
    idempotent: false,
    sdk: 'chat.stream',
    sdkByHand: true,
    doc: "A completion, streamed as the decoder's events, with `start()` and `cancel()`.",
    command: 'chat',
    mcp: 'ask_agent',
  }),
  // the service also takes request_id in the query (the interface leaves its place open, 4.2): the body may omit it
  completionCancel: op('POST', '/agent/{agentId}/chat/completion/cancel', {
    provenance: seed('4.2'),
    scope: 'agent',
    preflight: true,
    body: cancelRequestSchema,
    response: cancelResponseSchema,
    idempotent: true,
    served: { body: z.partial(z.extend(cancelRequestSchema, { request_id: z.nullish(z.string()) })) },
    sdk: 'chat.stream',
    sdkByHand: true,
    doc: 'Stops a running completion by its request_id (the `cancel()` of a stream).',
    command: 'chat',
  }),
  chatsList: op('GET', '/agent/{agentId}/chats', {
    provenance: inferred('the SDK has `listChats()` (brightsy-cookbook README); the path is ours'),
    scope: 'agent',
    ...listOf(chatSchema),
    sdk: 'chats.list',
    doc: "An agent's stateful chats, page by page.",
    command: 'chats list',
  }),
  // The workspace family (brightsy.ai/docs/API "Messages", "Attachments"): chat and message ids are UUIDs the client
  // makes; the first message to a new chatId starts the chat (no create call exists). The body is ours: the reference's
  // copy does not show it.
  chatCompletion: op('POST', '/agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId}', {
    provenance: documented(
      'brightsy.ai/docs/API/index (older copy), "Messages": the route; its body is ours, its `system_context` named after the hosted MCP\'s `chat` argument (brightsy.ai/docs/mcp/index), inferred',
    ),
    scope: 'agent',
    preflight: true,
    body: chatCompletionRequestSchema,
    idempotent: false,
    sdk: 'chat.stream',
    sdkByHand: true,
    doc: 'Creates or updates a message of a stateful chat and answers it (`chatId` given to `client.chat.stream`).',
    command: 'chat',
    mcp: 'chat',
  }),
  // inferred from the documented family (public-facts 19): `{data:[Message]}` oldest first, one answer without paging
  chatMessages: op('GET', '/agent/{agentId}/chat/completion/workspace/{chatId}/messages', {
    provenance: inferred(
      'the documented workspace family (brightsy.ai/docs/API/index, older copy); public-facts row 19',
    ),
    scope: 'agent',
    response: pageOf(messageSchema),
    sdk: 'chats.messages',
    sdkByHand: true,
    doc: 'The messages of a chat, oldest first, as the service keeps them (with their attachments).',
    command: 'chats messages',
  }),
  // inferred (public-facts 20): the plural prefix of the documented attachment delete
  chatMessageDelete: op('DELETE', '/agents/{agentId}/chat/completion/workspace/{chatId}/messages/{messageId}', {
    provenance: inferred(
      'the plural prefix of the documented attachment delete (brightsy.ai/docs/API/index); public-facts row 20',
    ),
    scope: 'agent',
    sdk: 'chats.deleteMessage',
    doc: 'Deletes one message of a chat.',
    command: 'chats delete-message',
  }),
  // documented: multipart/form-data with one part named `file`; the answer's shape is not shown (read loosely)
  chatAttachmentUpload: op(
    'POST',
    '/agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId}/attachment',
    {
      provenance: documented('brightsy.ai/docs/API/index (older copy), "Attachments": upload, multipart field `file`'),
      scope: 'agent',
      preflight: true,
      response: uploadAnswerSchema,
      // the same file sent again replaces the first (by its name): a lost answer may be asked for again
      idempotent: true,
      sdk: 'chats.attach',
      sdkByHand: true,
      doc: 'Uploads a file (multipart field `file`) to a message of a chat, before or after the message is sent.',
      command: 'chat',
    },
  ),
  // documented, with its plural segments
  chatAttachmentDelete: op(
    'DELETE',
    '/agents/{agentId}/chat/completion/workspace/{chatId}/messages/{messageId}/attachments/{filename}',
    {
      provenance: documented('brightsy.ai/docs/API/index (older copy), "Attachments": delete, plural segments'),
      scope: 'agent',
      preflight: true,
      sdk: 'chats.deleteAttachment',
      doc: 'Deletes one attachment of a message, by its file name.',
      command: 'chats attachments delete',
    },
  ),
} satisfies Contract<'chats'>
