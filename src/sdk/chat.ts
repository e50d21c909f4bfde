// Completions (service-interface 4.1, 4.2; wire.md "Completions", "Stateful chats"): `stream()` is an async iterable
// of the one completion decoder's events (api/stream/decoder.ts, so SSE, NDJSON and a whole JSON completion are read
// alike) with `start()` and `cancel()`; the request goes through the contract (transport.ts). The decoder loads on
// first use: the message schemas it builds cost ~10 ms, which commands that never chat must not pay.
import type { AssistantMessage, CompletionEvent } from '../api/stream/decoder.js'
import { ApiError, CancelledError, UsageError } from '../api/errors.js'
import { type AttachmentFile, chatsByHand, newUuid as uuid } from './chats.js'
import type { BodyOf, Transport } from './transport.js'

/**
 * A completion request: the whole history (`messages`), or one `message` of the stateful chat `chatId` (a UUID made
 * by the client: `client.chats.create`), sent as message `messageId` (default: the message's `id`, else a new UUID;
 * give the id its attachments were uploaded to).
 */
export type ChatRequest = (
  | (Omit<BodyOf<'completion'>, 'stream' | 'request_id'> & { chatId?: undefined; messageId?: undefined })
  | (Omit<BodyOf<'chatCompletion'>, 'stream' | 'request_id'> & {
      chatId: string
      messageId?: string
      /** files uploaded to the message before it is sent, so that the answer sees them (`client.chats.attach`) */
      attachments?: readonly AttachmentFile[]
    })
) & {
  /** the id to cancel the answer by (default: a new UUID) */
  request_id?: string
  /** ask for a streamed answer (default true); false asks for one JSON completion, read as the same events */
  stream?: boolean
  /** aborts the request and the read (the iteration then throws the signal's reason) */
  signal?: AbortSignal
}

/** What the cancel endpoint said (wire.md): cancelled now, already cancelled, or unknown/finished (404). */
export type CancelAnswer = 'cancelled' | 'already-cancelled' | 'not-found'

/** How `cancel()` goes about it. */
export interface CancelOptions {
  /**
   * keep reading for this long after asking, so the service's own end of the answer (its `cancelled` chunk) still
   * arrives; then the read is stopped. Unset: the read stops as soon as the service has answered the cancel.
   */
  graceMs?: number
  /** aborts the cancel request itself (e.g. `AbortSignal.timeout(5000)`) */
  signal?: AbortSignal
}

/** The events of one answer; `cancel()` asks the service to stop it and ends the iteration without an error. */
export interface ChatStream extends AsyncIterable<CompletionEvent> {
  /** the request_id sent (cancel the answer by it) */
  readonly requestId: string
  /**
   * Sends the request (once; iterating sends it too) and resolves once the service has accepted it (2xx headers),
   * with the service's request id (its X-Request-Id, else the one sent). Rejects with the typed error of a refusal.
   */
  start(): Promise<{ requestId: string }>
  cancel(opts?: CancelOptions): Promise<{ answer: CancelAnswer; message: string }>
}

/** `client.chat`. */
export const chatResource = (t: Transport) => {
  /** Cancels an answer by its request id (service-interface 4.2; the id goes in the JSON body, wire.md). */
  const cancel = async (
    agentId: string,
    requestId: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<{ answer: CancelAnswer; message: string }> => {
    try {
      const res = await t.call('completionCancel', {
        params: { agentId },
        body: { request_id: requestId },
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
      const message = typeof res?.message === 'string' ? res.message : 'Request cancelled'
      return { answer: /already/i.test(message) ? 'already-cancelled' : 'cancelled', message }
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return { answer: 'not-found', message: err.serverMessage }
      throw err
    }
  }

  const open = (agentId: string, req: ChatRequest): ChatStream => {
    const { chatId, messageId: givenId, signal: outer, stream = true, request_id, ...withFiles } = req
    const { attachments = [], ...rest } = withFiles as typeof withFiles & { attachments?: readonly AttachmentFile[] }
    if (attachments.length > 0 && chatId === undefined)
      throw new UsageError('attachments go to a stateful chat: give chatId (client.chats.create) with one message')
    const requestId = request_id ?? uuid()
    // a stateful message goes to its own URL; the body's message carries the same id
    const messageId = 'message' in rest ? (givenId ?? rest.message.id ?? uuid()) : undefined
    const body = 'message' in rest ? { ...rest, message: { ...rest.message, id: messageId } } : rest
    const local = new AbortController()
    const signal = outer ? AbortSignal.any([outer, local.signal]) : local.signal
    let cancelled = false
    // POST is never retried (the contract marks completions non-idempotent), so no answer is ever asked for twice
    const response = async () => {
      // the files go to the message's id first, so that the answer sees them (the message is sent after)
      if (chatId !== undefined && messageId !== undefined)
        for (const file of attachments) await chatsByHand(t).attach(agentId, chatId, messageId, file)
      return t.raw(chatId === undefined ? 'completion' : 'chatCompletion', {
        params: chatId === undefined ? { agentId } : { agentId, chatId, messageId: messageId ?? uuid() },
        body: { ...body, stream, request_id: requestId },
        // SSE first; the decoder takes NDJSON or a plain JSON completion as well (wire.md: clients must accept both)
        headers: { accept: stream ? 'text/event-stream' : 'application/json' },
        stream: true,
        signal,
      })
    }
    let sent: ReturnType<typeof response> | undefined
    const send = () => {
      sent ??= response()
      return sent
    }
    async function* events(): AsyncGenerator<CompletionEvent> {
      try {
        const res = await send()
        const { decodeCompletionStream } = await import('../api/stream/decoder.js')
        // the HTTP core's idle timeout (undici bodyTimeout) already watches the body of a streamed request
        yield* decodeCompletionStream(res.body, res.headers['content-type'], { signal })
      } catch (err) {
        // after cancel() the answer ends however the service or the grace period ends it: not an error
        if (cancelled) return
        throw err
      }
    }
    const iterator = events()
    return {
      requestId,
      [Symbol.asyncIterator]: () => iterator,
      start: async () => {
        const res = await send()
        return { requestId: res.requestId ?? requestId }
      },
      async cancel(opts: CancelOptions = {}) {
        cancelled = true
        const stop = () => local.abort(new CancelledError())
        if (opts.graceMs !== undefined) setTimeout(stop, opts.graceMs).unref()
        try {
          return await cancel(agentId, requestId, opts.signal ? { signal: opts.signal } : {})
        } finally {
          if (opts.graceMs === undefined) stop()
        }
      },
    }
  }

  return {
    /** Streams an answer as events (meta, reasoning, text, tool_call_delta, tool_call, usage, error, done). */
    stream: open,
    /** Asks for an answer without streaming and returns the assistant message (text, tool calls, usage). */
    complete: async (agentId: string, req: ChatRequest): Promise<AssistantMessage> => {
      const { createCompletionAccumulator } = await import('../api/stream/decoder.js')
      const acc = createCompletionAccumulator()
      for await (const e of open(agentId, { ...req, stream: false })) acc.push(e)
      return acc.result()
    },
    /** Cancels an answer by its request id (service-interface 4.2). */
    cancel,
  }
}
