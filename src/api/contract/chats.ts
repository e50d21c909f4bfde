// The chats family: completions, cancel and stateful chats (service-interface 4.1, 4.2; wire.md "Stateful chats").
import * as z from '../zod.js'
import {
  cancelRequestSchema,
  chatCompletionRequestSchema,
  chatSchema,
  completionRequestSchema,
  messageSchema,
} from '../schemas/messages.js'
import { pageOf } from '../schemas/common.js'
import { pageQuery } from './paging.js'
import type { Contract } from './types.js'

/** The cancel endpoint's answer (`{message}`; 404 when the request is unknown or finished). */
const cancelResponseSchema = z.looseObject({ message: z.optional(z.string()) })

/** Completions and stateful chats. Completion answers are streams: the stream decoder reads them, not a schema. */
export const chats = {
  completion: { body: completionRequestSchema, idempotent: false },
  completionCancel: { body: cancelRequestSchema, response: cancelResponseSchema, idempotent: true },
  chatsList: { query: pageQuery, item: chatSchema },
  chatsCreate: { body: z.object({ title: z.optional(z.string().check(z.maxLength(200))) }), response: chatSchema },
  chatCompletion: { body: chatCompletionRequestSchema, idempotent: false },
  // `{data:[Message]}` oldest first, one answer without paging (wire.md "Stateful chats"): no page is asked for.
  chatMessages: { response: pageOf(messageSchema) },
  chatMessageDelete: {},
} satisfies Contract<'chats'>
