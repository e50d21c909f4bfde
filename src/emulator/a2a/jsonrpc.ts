// JSON-RPC 2.0 as the A2A JSON-RPC binding uses it (A2A spec section 9): the request envelope, the error codes
// (JSON-RPC 2.0 section 5.1; A2A 5.4 "Error Code Mappings") and the answers.
import * as z from '../../api/zod.js'

/** JSON-RPC and A2A error codes. */
export const rpcErrors = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  taskNotFound: -32001,
  taskNotCancelable: -32002,
  pushNotSupported: -32003,
  unsupportedOperation: -32004,
  extendedCardNotConfigured: -32007,
  versionNotSupported: -32009,
} as const

/** The `google.rpc.ErrorInfo` reason of each A2A error (A2A 9.5, "Error Detail Objects"). */
const reasons: Record<number, string> = {
  [rpcErrors.taskNotFound]: 'TASK_NOT_FOUND',
  [rpcErrors.taskNotCancelable]: 'TASK_NOT_CANCELABLE',
  [rpcErrors.pushNotSupported]: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  [rpcErrors.unsupportedOperation]: 'UNSUPPORTED_OPERATION',
  [rpcErrors.extendedCardNotConfigured]: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  [rpcErrors.versionNotSupported]: 'VERSION_NOT_SUPPORTED',
}

/** A JSON-RPC 2.0 request; without `id` it is a notification, which gets no answer (JSON-RPC 2.0 section 4.1). */
export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.union([z.string(), z.number(), z.null()])),
  method: z.string(),
  params: z.optional(z.unknown()),
})

/** An error to answer: code, message, and what the error is about (a task id, the fields that were wrong). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly about: { metadata?: Record<string, string>; violations?: { field: string; description: string }[] } = {},
  ) {
    super(message)
  }

  /** `error.data`: v1.0 wants an array of typed details (A2A 9.5); v0.3 takes anything, we give the facts. */
  data(version: '1.0' | '0.3'): unknown {
    const { metadata, violations } = this.about
    if (version === '0.3') {
      if (violations) return violations.map((v) => `${v.field}: ${v.description}`).join('; ')
      return metadata
    }
    const details: unknown[] = []
    const reason = reasons[this.code]
    if (reason)
      details.push({
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason,
        domain: 'a2a-protocol.org',
        metadata: metadata ?? {},
      })
    if (violations) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations })
    return details.length ? details : undefined
  }
}

/** Invalid params, naming each field zod found wrong. */
export function invalidParams(error: z.core.$ZodError): RpcError {
  const violations = error.issues.map((i) => ({ field: i.path.join('.') || 'params', description: i.message }))
  return new RpcError(rpcErrors.invalidParams, 'Invalid params', { violations })
}

/** A JSON-RPC success. */
export const rpcResult = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id: id ?? null, result })

/** A JSON-RPC error. */
export const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: data === undefined ? { code, message } : { code, message, data },
})
