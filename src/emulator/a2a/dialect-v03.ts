// A2A v0.3 over JSON-RPC: `message/send`, `tasks/get`…, kind-tagged objects and lower-case states. The emulator's
// own objects already have this shape (model.ts), so writing is the identity.
import * as z from '../../api/zod.js'
import type { Dialect, SendInput } from './dialect.js'
import { invalidParams } from './jsonrpc.js'
import { messageIdOr, type Part } from './model.js'

const partSchema = z.union([
  z.looseObject({ kind: z.literal('text'), text: z.string() }),
  z.looseObject({
    kind: z.literal('file'),
    file: z
      .looseObject({
        uri: z.optional(z.string()),
        bytes: z.optional(z.string()),
        mimeType: z.optional(z.string()),
        name: z.optional(z.string()),
      })
      .check(z.refine((f) => f.uri !== undefined || f.bytes !== undefined, 'a file part has a uri or bytes')),
  }),
  z.looseObject({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }),
])

/** `MessageSendParams` of message/send and message/stream (A2A v0.3 section 7.1). */
const sendSchema = z.object({
  message: z.looseObject({
    kind: z.optional(z.literal('message')),
    messageId: z.optional(z.string().check(z.minLength(1))),
    role: z.enum(['user', 'agent']),
    parts: z.array(partSchema).check(z.minLength(1, 'message.parts must not be empty')),
    contextId: z.optional(z.string().check(z.minLength(1))),
    taskId: z.optional(z.string().check(z.minLength(1))),
    metadata: z.optional(z.record(z.string(), z.unknown())),
    referenceTaskIds: z.optional(z.array(z.string())),
  }),
  configuration: z.optional(
    z.looseObject({
      blocking: z.optional(z.boolean()),
      historyLength: z.optional(z.int().check(z.gte(0))),
      pushNotificationConfig: z.optional(z.unknown()),
    }),
  ),
  metadata: z.optional(z.record(z.string(), z.unknown())),
})

function readSend(params: unknown): SendInput {
  const p = sendSchema.safeParse(params)
  if (!p.success) throw invalidParams(p.error)
  const { message: m, configuration: c } = p.data
  return {
    message: {
      kind: 'message',
      role: m.role,
      messageId: messageIdOr(m.messageId),
      parts: m.parts as Part[],
      ...(m.contextId ? { contextId: m.contextId } : {}),
      ...(m.taskId ? { taskId: m.taskId } : {}),
      ...(m.metadata ? { metadata: m.metadata } : {}),
      ...(m.referenceTaskIds ? { referenceTaskIds: m.referenceTaskIds } : {}),
    },
    historyLength: c?.historyLength,
    returnImmediately: c?.blocking === false,
    push: c?.pushNotificationConfig != null,
  }
}

/** The v0.3 dialect. */
export const v03: Dialect = {
  version: '0.3',
  operations: {
    'message/send': 'send',
    'message/stream': 'stream',
    'tasks/get': 'get',
    'tasks/cancel': 'cancel',
    'tasks/resubscribe': 'subscribe',
    'tasks/pushNotificationConfig/set': 'push',
    'tasks/pushNotificationConfig/get': 'push',
    'tasks/pushNotificationConfig/list': 'push',
    'tasks/pushNotificationConfig/delete': 'push',
    'agent/getAuthenticatedExtendedCard': 'extendedCard',
  },
  readSend,
  task: (t) => t,
  sendResult: (r) => r,
  event: (e) => e,
}
