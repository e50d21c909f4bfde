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
import type { Contract } from './types.js'

/** The cancel endpoint's answer (`{message}`; 404 when the request is unknown or finished). */
const cancelResponseSchema = z.looseObject({ message: z.optional(z.string()) })

/** Completions and stateful chats. Completion answers are streams: the stream decoder reads them, not a schema. */
export const chats = {
  completion: { body: completionRequestSchema, idempotent: false },
  // the service also takes request_id in the query (the interface leaves its place open, 4.2): the body may omit it
  completionCancel: {
    body: cancelRequestSchema,
    response: cancelResponseSchema,
    idempotent: true,
    served: { body: z.partial(z.extend(cancelRequestSchema, { request_id: z.nullish(z.string()) })) },
  },
  chatsList: listOf(chatSchema),
  chatsCreate: { body: chatCreateSchema, response: chatSchema },
  chatCompletion: { body: chatCompletionRequestSchema, idempotent: false },
  // `{data:[Message]}` oldest first, one answer without paging (wire.md "Stateful chats"): no page is asked for.
  chatMessages: { response: pageOf(messageSchema) },
  chatMessageDelete: {},
} satisfies Contract<'chats'>
