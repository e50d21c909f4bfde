// The one stream decoder for chat completions (wire.md "Completions"; OpenAI chat-completions syntax).
//
// Exported API (all pure apart from the timers of decodeCompletionStream):
// - decodeCompletionStream(body: AsyncIterable<Uint8Array>, contentType: string | undefined,
//     opts?: { idleTimeoutMs?: number; signal?: AbortSignal }): AsyncGenerator<CompletionEvent>
//     Reads a response body to the end and yields high-level events: meta, text, tool_call_delta, tool_call, usage,
//     error, and finally done. Stops reading at `[DONE]`. Throws, after yielding everything decoded before:
//     StreamIdleTimeoutError (no bytes for idleTimeoutMs), StreamTruncatedError (the body ended without `[DONE]`, a
//     finish_reason or an error: "connection dropped"), StreamFormatError (a chunk that is not JSON, naming the SSE
//     event or NDJSON line), or `signal.reason` when aborted. Breaking out of the loop releases the body.
// - createCompletionStreamDecoder(contentType): the same, synchronous and incremental: push(bytes) → events,
//     end() → events; `failure` holds the error decodeCompletionStream would throw.
// - createStreamDecoder(contentType): bytes → StreamItem (JSON chunk, [DONE], SSE error, malformed), choosing SSE
//     (`text/event-stream`), NDJSON (`application/x-ndjson` and kin) or JSON; an absent or unknown type is sniffed:
//     first non-blank byte `{`/`[` → NDJSON (or one pretty-printed JSON document), anything else → SSE.
// - createSseParser() (sse.ts, WHATWG SSE), createNdjsonParser() (ndjson.ts), createCompletionEventMapper()
//     (completion-events.ts, chunks → events, `delta` or whole `message`), createCompletionAccumulator()
//     (completion-accumulator.ts, events → final assistant message).
// - The hot path underneath: createStreamItemReader, createSseReader, createNdjsonReader (callbacks, no per-read
//     arrays) and parseChunkJson (chunk-json.ts: JSON.parse without interning each token).
import { createStreamItemReader, type StreamItem } from './chunk-decoder.js'
import { type CompletionEvent, createCompletionEventMapper } from './completion-events.js'
import { StreamIdleTimeoutError, StreamTruncatedError } from './errors.js'

export {
  createStreamDecoder,
  formatForContentType,
  type StreamDecoder,
  type StreamFormat,
  type StreamItem,
} from './chunk-decoder.js'
export {
  type AssistantMessage,
  type CompletionAccumulator,
  createCompletionAccumulator,
} from './completion-accumulator.js'
export { type CompletionEvent, type CompletionEventMapper, createCompletionEventMapper } from './completion-events.js'
export { StreamFormatError, StreamIdleTimeoutError, type StreamPosition, StreamTruncatedError } from './errors.js'
export {
  createNdjsonParser,
  createNdjsonReader,
  type NdjsonItem,
  type NdjsonParser,
  type NdjsonReader,
} from './ndjson.js'
export { createSseParser, type SseEvent, type SseParser, type SseParserOptions } from './sse.js'
export type { CompletionToolCall } from './tool-calls.js'

/** A synchronous bytes → events decoder; once `state` leaves 'open', further input is ignored. */
export interface CompletionStreamDecoder {
  push(bytes: Uint8Array): CompletionEvent[]
  end(): CompletionEvent[]
  readonly state: 'open' | 'done' | 'failed'
  readonly failure: Error | undefined
}

/**
 * Creates the synchronous decoder behind decodeCompletionStream (also handy for tests and replaying files). Each
 * chunk is mapped to events as soon as it is parsed, so only the events of a read, not its parsed chunks, are held.
 */
export function createCompletionStreamDecoder(contentType?: string | null): CompletionStreamDecoder {
  const mapper = createCompletionEventMapper()
  let state: 'open' | 'done' | 'failed' = 'open'
  let failure: Error | undefined
  // the events of the current push() or end(); handle() appends to it
  let out: CompletionEvent[] = []

  function handle(item: StreamItem): void {
    if (state !== 'open') return
    switch (item.kind) {
      case 'chunk':
        mapper.push(item.value, out)
        break
      case 'error':
        for (const e of mapper.error(item.message, item.code)) out.push(e)
        break
      case 'done':
        for (const e of mapper.finish(true).events) out.push(e)
        state = 'done'
        break
      case 'malformed':
        // A cut-off last item is what a dropped connection leaves; finish() below decides if that truncated it.
        if (item.atEnd) break
        failure = item.error
        state = 'failed'
        break
    }
  }
  const items = createStreamItemReader(contentType, handle)
  const take = (): CompletionEvent[] => {
    const events = out
    out = []
    return events
  }

  return {
    push(bytes) {
      if (state === 'open') items.push(bytes)
      return take()
    },
    end() {
      if (state !== 'open') return take()
      items.end()
      if (state !== 'open') return take()
      const { events, truncated } = mapper.finish(false)
      for (const e of events) out.push(e)
      if (truncated) {
        failure = new StreamTruncatedError()
        state = 'failed'
      } else state = 'done'
      return take()
    },
    get state() {
      return state
    },
    get failure() {
      return failure
    },
  }
}

/** Options for {@link decodeCompletionStream}. */
export interface DecodeOptions {
  /** Longest wait for the next bytes (keep-alive comments count); unset or 0 waits forever. */
  idleTimeoutMs?: number
  /** Aborting stops reading and throws `signal.reason`. */
  signal?: AbortSignal
}

/** Decodes a completion response body into events; see the header of this file for what it throws. */
export async function* decodeCompletionStream(
  body: AsyncIterable<Uint8Array>,
  contentType: string | undefined | null,
  opts: DecodeOptions = {},
): AsyncGenerator<CompletionEvent, void, undefined> {
  const decoder = createCompletionStreamDecoder(contentType)
  const iterator = body[Symbol.asyncIterator]()
  let bodyEnded = false
  try {
    while (decoder.state === 'open') {
      const next = await nextWithin(iterator, opts)
      if (next.done) {
        bodyEnded = true
        yield* decoder.end()
        break
      }
      yield* decoder.push(next.value)
    }
    if (decoder.failure !== undefined) throw decoder.failure
  } finally {
    // Release the body at [DONE], on error, or when the consumer stops early. Not awaited: a stalled source may
    // never settle its return().
    if (!bodyEnded) releaseIterator(iterator)
  }
}

function nextWithin(iterator: AsyncIterator<Uint8Array>, opts: DecodeOptions): Promise<IteratorResult<Uint8Array>> {
  const { idleTimeoutMs, signal } = opts
  if (signal?.aborted) return Promise.reject(signal.reason)
  if (!idleTimeoutMs && signal === undefined) return iterator.next()
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = (): void => {
      cleanup()
      reject(signal?.reason)
    }
    const cleanup = (): void => {
      if (timer !== undefined) clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    if (idleTimeoutMs) {
      timer = setTimeout(() => {
        cleanup()
        reject(new StreamIdleTimeoutError(idleTimeoutMs))
      }, idleTimeoutMs)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(
      (result) => {
        cleanup()
        resolve(result)
      },
      (error: unknown) => {
        cleanup()
        reject(error)
      },
    )
  })
}

function releaseIterator(iterator: AsyncIterator<Uint8Array>): void {
  try {
    const returned = iterator.return?.()
    if (returned !== undefined) returned.then(undefined, () => {})
  } catch {
    // The body is being abandoned; a failure to close it has nobody left to report to.
  }
}
