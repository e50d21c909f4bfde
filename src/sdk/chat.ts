// Completions (service-interface 4.1, 4.2; wire.md "Completions"): `stream()` is an async iterable of the decoder's
// events with `cancel()`, built on the CLI's own completion calls (api/completions.ts) and stream decoder
// (api/stream/decoder.ts), so SSE, NDJSON and a whole JSON completion are read alike. Both load on first use: the
// message schemas they build cost ~10 ms, which commands that never chat must not pay.
import { randomUUID } from 'node:crypto'
import type { CancelAnswer } from '../api/completions.js'
import type { ChatCompletionRequest, CompletionRequest } from '../api/schemas/messages.js'
import type { AssistantMessage, CompletionEvent } from '../api/stream/decoder.js'
import { CancelledError } from '../errors.js'
import { typedError } from './errors.js'
import type { BodyOf, Transport } from './transport.js'

/** A completion request: the whole history (`messages`), or one `message` of the stateful chat `chatId`. */
export type ChatRequest = (
  | (Omit<BodyOf<'completion'>, 'stream' | 'request_id'> & { chatId?: undefined })
  | (Omit<BodyOf<'chatCompletion'>, 'stream' | 'request_id'> & { chatId: string })
) & {
  /** the id to cancel the answer by (default: a new UUID) */
  request_id?: string
  signal?: AbortSignal
}

/** The events of one streamed answer; `cancel()` asks the service to stop it and ends the iteration. */
export interface ChatStream extends AsyncIterable<CompletionEvent> {
  readonly requestId: string
  cancel(): Promise<{ answer: CancelAnswer; message: string }>
}

/** `client.chat`. */
export const chatResource = (t: Transport) => {
  /** Cancels an answer by its request id (service-interface 4.2). */
  const cancel = async (agentId: string, requestId: string) =>
    (await import('../api/completions.js')).cancelCompletion(t.api, agentId, requestId)
  const start = async (agentId: string, req: ChatRequest, stream: boolean, signal: AbortSignal, requestId: string) => {
    const { chatId, signal: _s, ...rest } = req
    const route = chatId === undefined ? 'completion' : 'chatCompletion'
    const body = (await t.checkBody(route, { ...rest, stream, request_id: requestId })) as
      | CompletionRequest
      | ChatCompletionRequest
    const { sendCompletion } = await import('../api/completions.js')
    return sendCompletion(t.api, { agentId, chatId }, body, signal)
  }
  const open = (agentId: string, req: ChatRequest, streamed: boolean): ChatStream => {
    const requestId = req.request_id ?? randomUUID()
    const local = new AbortController()
    const signal = req.signal ? AbortSignal.any([req.signal, local.signal]) : local.signal
    let cancelled = false
    async function* events(): AsyncGenerator<CompletionEvent> {
      const { decodeCompletionStream } = await import('../api/stream/decoder.js')
      try {
        const res = await start(agentId, req, streamed, signal, requestId)
        yield* decodeCompletionStream(res.body, res.headers['content-type'], { idleTimeoutMs: t.idleTimeoutMs, signal })
      } catch (err) {
        if (cancelled) return
        throw typedError(err)
      }
    }
    const iterator = events()
    return {
      requestId,
      [Symbol.asyncIterator]: () => iterator,
      async cancel() {
        cancelled = true
        try {
          return await cancel(agentId, requestId)
        } finally {
          local.abort(new CancelledError())
        }
      },
    }
  }
  return {
    /** Streams an answer as events (meta, text, tool_call, usage, error, done). */
    stream: (agentId: string, req: ChatRequest): ChatStream => open(agentId, req, true),
    /** Asks for an answer without streaming and returns the assistant message. */
    complete: async (agentId: string, req: ChatRequest): Promise<AssistantMessage> => {
      const { createCompletionAccumulator } = await import('../api/stream/decoder.js')
      const acc = createCompletionAccumulator()
      for await (const e of open(agentId, req, false)) acc.push(e)
      return acc.result()
    },
    /** Cancels an answer by its request id (service-interface 4.2). */
    cancel,
  }
}
