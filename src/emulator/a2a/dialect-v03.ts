// A2A v0.3 over JSON-RPC: `message/send`, `tasks/get`…, kind-tagged objects and lower-case states. The emulator's
// own objects already have this shape (model.ts), so writing is the identity.
import * as z from 'zod'
import type { Dialect, SendInput } from './dialect.js'
import { invalidParams } from './jsonrpc.js'
import { messageIdOr, type Part } from './model.js'

const partSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }).loose(),
  z
    .object({
      kind: z.literal('file'),
      file: z
        .object({
          uri: z.string().optional(),
          bytes: z.string().optional(),
          mimeType: z.string().optional(),
          name: z.string().optional(),
        })
        .loose()
        .refine((f) => f.uri !== undefined || f.bytes !== undefined, 'a file part has a uri or bytes'),
    })
    .loose(),
  z.object({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }).loose(),
])

/** `MessageSendParams` of message/send and message/stream (A2A v0.3 section 7.1). */
const sendSchema = z.object({
  message: z
    .object({
      kind: z.literal('message').optional(),
      messageId: z.string().min(1).optional(),
      role: z.enum(['user', 'agent']),
      parts: z.array(partSchema).min(1, 'message.parts must not be empty'),
      contextId: z.string().min(1).optional(),
      taskId: z.string().min(1).optional(),
      metadata: z.record(z.string(), z.unknown()).optional(),
      referenceTaskIds: z.array(z.string()).optional(),
    })
    .loose(),
  configuration: z
    .object({
      blocking: z.boolean().optional(),
      historyLength: z.number().int().min(0).optional(),
      pushNotificationConfig: z.unknown().optional(),
    })
    .loose()
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
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
