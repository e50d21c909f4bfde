// The chats family: completions, cancel and stateful chats (service-interface 4.1, 4.2; wire.md "Stateful chats").
import * as z from '../zod.js'
import {
  cancelRequestSchema,
  chatCompletionRequestSchema,
  chatCreateSchema,
  chatSchema,
  completionRequestSchema,
  messageSchema,
} from '../schemas/messages.js'
import { pageOf } from '../schemas/common.js'
import { listOf } from './paging.js'
import { type Contract, documented, inferred, ours, seed, op } from './types.js'

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
  chatsCreate: op('POST', '/agent/{agentId}/chats', {
    provenance: ours(
      'no source shows a create call: the SDK makes chat ids on the client (`generateUUID`, brightsy.ai/docs/API/index)',
    ),
    scope: 'agent',
    body: chatCreateSchema,
    response: chatSchema,
    sdk: 'chats.create',
    sdkByHand: true,
    doc: 'Starts a stateful chat.',
    command: 'chats create',
  }),
  chatCompletion: op('POST', '/agent/{agentId}/chat/{chatId}/completion', {
    provenance: ours(
      'the documented stateful route is POST /agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId} (brightsy.ai/docs/API/index, older copy)',
    ),
    scope: 'agent',
    preflight: true,
    body: chatCompletionRequestSchema,
    idempotent: false,
    sdk: 'chat.stream',
    sdkByHand: true,
    doc: 'A completion in a stateful chat (`chatId` given to `client.chat.stream`).',
    command: 'chat',
  }),
  // `{data:[Message]}` oldest first, one answer without paging (wire.md "Stateful chats"): no page is asked for.
  chatMessages: op('GET', '/agent/{agentId}/chat/{chatId}/messages', {
    provenance: ours(),
    scope: 'agent',
    response: pageOf(messageSchema),
    sdk: 'chats.messages',
    sdkByHand: true,
    doc: 'The messages of a chat, oldest first, as the service keeps them.',
    command: 'chats messages',
  }),
  chatMessageDelete: op('DELETE', '/agent/{agentId}/chat/{chatId}/messages/{messageId}', {
    provenance: ours(),
    scope: 'agent',
    sdk: 'chats.deleteMessage',
    doc: 'Deletes one message of a chat.',
    command: 'chats delete-message',
  }),
} satisfies Contract<'chats'>
