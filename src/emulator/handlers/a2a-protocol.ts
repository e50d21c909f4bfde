// The parts of the A2A protocol (JSON-RPC 2.0 binding, v0.3) the emulator speaks: request and message shapes,
// and the JSON-RPC error codes (JSON-RPC 2.0 section 5.1; A2A "Error codes").
import * as z from 'zod'
import type { Message } from '../../api/schemas/index.js'

/** JSON-RPC and A2A error codes. */
export const rpcErrors = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  taskNotFound: -32001,
} as const

/** A JSON-RPC 2.0 request. */
export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.unknown().optional(),
})

const partSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }).loose(),
  z
    .object({
      kind: z.literal('file'),
      file: z
        .object({ uri: z.string().optional(), bytes: z.string().optional(), mimeType: z.string().optional() })
        .loose(),
    })
    .loose(),
  z.object({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }).loose(),
])

/** `MessageSendParams` of message/send and message/stream. */
export const sendParamsSchema = z.object({
  message: z
    .object({
      kind: z.literal('message').optional(),
      messageId: z.string().min(1).optional(),
      role: z.enum(['user', 'agent']),
      parts: z.array(partSchema).min(1, 'message.parts must not be empty'),
      contextId: z.string().optional(),
      taskId: z.string().optional(),
    })
    .loose(),
  configuration: z.record(z.string(), z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})
/** Parameters of a send. */
export type SendParams = z.infer<typeof sendParamsSchema>

/** The A2A message as a chat message: text parts joined, file parts as images, data parts as JSON text. */
export function toChatMessage(m: SendParams['message']): Message {
  const items: Exclude<Message['content'], string | null> = []
  for (const p of m.parts) {
    if (p.kind === 'text') items.push({ type: 'text', text: p.text })
    else if (p.kind === 'data') items.push({ type: 'text', text: JSON.stringify(p.data) })
    else {
      const url =
        p.file.uri ??
        (p.file.bytes ? `data:${p.file.mimeType ?? 'application/octet-stream'};base64,${p.file.bytes}` : '')
      if (url) items.push({ type: 'image_url', image_url: { url } })
    }
  }
  return { role: m.role === 'agent' ? 'assistant' : 'user', content: items }
}

/** A JSON-RPC success. */
export const rpcResult = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id: id ?? null, result })

/** A JSON-RPC error. */
export const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: data === undefined ? { code, message } : { code, message, data },
})
