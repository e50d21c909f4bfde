// Completions and stateful chats over the ApiClient (service-interface 4.1–4.2, wire.md "Requests and identifiers"
// and "Stateful chats"): send a completion and get its body unread, cancel one by request_id, and the chats calls.
import { ApiError } from '../errors.js'
import type { ApiClient } from './client.js'
import type { HttpResponse } from './request.js'
import { type Chat, type ChatCompletionRequest, type CompletionRequest, chatSchema } from './schemas/index.js'

/** Where a completion goes: the stateless path, or a stateful chat's path (wire.md). */
export interface CompletionTarget {
  agentId: string
  chatId?: string | undefined
}

/** A completion request body: the whole history (stateless) or one message (stateful). */
export type CompletionBody = CompletionRequest | ChatCompletionRequest

/**
 * Sends a completion and hands back the response with its body unread, to be fed to the stream decoder (which reads
 * SSE, NDJSON and a whole JSON completion alike). POST is never retried, so no answer is ever sent twice.
 */
export function sendCompletion(
  api: ApiClient,
  target: CompletionTarget,
  body: CompletionBody,
  signal?: AbortSignal,
): Promise<HttpResponse> {
  const params: Record<string, string> = { agentId: target.agentId }
  if (target.chatId !== undefined) params.chatId = target.chatId
  return api.raw(target.chatId !== undefined ? 'chatCompletion' : 'completion', {
    params,
    body,
    // SSE first; the decoder takes NDJSON or a plain JSON completion as well (wire.md: clients must accept both)
    headers: { accept: body.stream ? 'text/event-stream' : 'application/json' },
    stream: true,
    idempotent: false,
    ...(signal ? { signal } : {}),
  })
}

/** What the cancel endpoint said (wire.md): cancelled now, already cancelled, or unknown/finished (404). */
export type CancelAnswer = 'cancelled' | 'already-cancelled' | 'not-found'

/** Cancels a completion by its request_id (service-interface 4.2; the id goes in the JSON body, wire.md). */
export async function cancelCompletion(
  api: ApiClient,
  agentId: string,
  requestId: string,
  signal?: AbortSignal,
): Promise<{ answer: CancelAnswer; message: string }> {
  try {
    const res = await api.json<{ message?: unknown } | undefined>('completionCancel', {
      params: { agentId },
      body: { request_id: requestId },
      idempotent: true,
      ...(signal ? { signal } : {}),
    })
    const message = typeof res?.message === 'string' ? res.message : 'Request cancelled'
    return { answer: /already/i.test(message) ? 'already-cancelled' : 'cancelled', message }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { answer: 'not-found', message: err.serverMessage }
    throw err
  }
}

/** Creates a stateful chat (wire.md: `POST /agent/{agentId}/chats` `{title?}` → Chat). */
export function createChat(api: ApiClient, agentId: string, title?: string): Promise<Chat> {
  return api.json('chatsCreate', {
    params: { agentId },
    body: title === undefined ? {} : { title },
    schema: chatSchema,
  })
}
