// The one stream decoder for chat completions (wire.md "Completions"; OpenAI chat-completions syntax), used by the
// chat and by the emulator's upstream relay alike.
//
// Every reader here is an async iterable over a body (`AsyncIterable<Uint8Array>`, e.g. undici's or fetch's):
// - decodeCompletionStream(body, contentType, opts?: { idleTimeoutMs?, signal? }): AsyncGenerator<CompletionEvent>
//     High-level events: meta, reasoning, text, tool_call_delta, tool_call, usage, error, and finally done. The text
//     (and reasoning) pieces decoded from one read come as one event: joined they are the answer byte for byte.
//     Stops reading at `[DONE]`. Throws, after yielding everything decoded before: StreamIdleTimeoutError (no bytes
//     for idleTimeoutMs), StreamTruncatedError (the stream ended without `[DONE]`, a finish_reason or an error:
//     "connection dropped", exit 8), StreamFormatError (a 2xx that is not a completion: a chunk that is not JSON,
//     naming the SSE event or NDJSON line, a JSON body that is not a completion, an HTML page; exit 7), the body's
//     own error, or `signal.reason` when aborted. Breaking out of the loop releases the body.
// - readStreamItems(body, contentType) (chunk-decoder.ts): JSON chunks, [DONE], SSE errors and malformed items,
//     choosing SSE (`text/event-stream`), NDJSON (`application/x-ndjson` and kin) or JSON; an absent or unknown type
//     is sniffed: first non-blank byte `{`/`[` → NDJSON (or one pretty-printed JSON document), `<` → a page (refused),
//     anything else → SSE.
// - readSse(body) (sse.ts, WHATWG SSE), readNdjson(body) (ndjson.ts).
// - createCompletionEventMapper() (completion-events.ts, chunks → events, `delta` or whole `message`) and
//     createCompletionAccumulator() (completion-accumulator.ts, events → final assistant message).
// Underneath, each is an incremental callback reader (no per-read arrays on the hot path) driven by readThrough
// (read.ts), and chunks are parsed by parseChunkJson (chunk-json.ts: JSON.parse without interning each token).
import { createStreamItemReader, type StreamItem } from './chunk-decoder.js'
import { type CompletionEvent, createCompletionEventMapper } from './completion-events.js'
import { StreamFormatError, StreamTruncatedError } from './errors.js'
import { type CallbackReader, type ReadOptions, readThrough } from './read.js'

export {
  formatForContentType,
  readStreamItems,
  type StreamFormat,
} from './chunk-decoder.js'
export {
  type AssistantMessage,
  createCompletionAccumulator,
} from './completion-accumulator.js'
export type { CompletionEvent } from './completion-events.js'
export { StreamFormatError, StreamIdleTimeoutError, StreamTruncatedError } from './errors.js'

/** Options for {@link decodeCompletionStream}. */
export type DecodeOptions = ReadOptions

/** Decodes a completion response body into events; see the header of this file for what it throws. */
export function decodeCompletionStream(
  body: AsyncIterable<Uint8Array>,
  contentType: string | undefined | null,
  opts: DecodeOptions = {},
): AsyncGenerator<CompletionEvent, void, undefined> {
  return readThrough(body, (emit: (event: CompletionEvent) => void) => createCompletionReader(contentType, emit), opts)
}

/**
 * The bytes → events machine behind decodeCompletionStream. Each chunk is mapped to events as soon as it is parsed;
 * the events of one read are held only until the read is done, to join its text pieces into one event.
 */
function createCompletionReader(
  contentType: string | undefined | null,
  emit: (event: CompletionEvent) => void,
): CallbackReader {
  const mapper = createCompletionEventMapper()
  let state: 'open' | 'done' | 'failed' = 'open'
  let failure: Error | undefined
  // the events of the current read; handle() appends to it, flush() hands them on
  const out: CompletionEvent[] = []

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
  const flush = (): void => {
    joinPieces(out, emit)
    out.length = 0
  }

  return {
    push(bytes) {
      if (state === 'open') items.push(bytes)
      flush()
    },
    end() {
      if (state === 'open') items.end()
      if (state === 'open') {
        const { events, truncated } = mapper.finish(false)
        for (const e of events) out.push(e)
        if (!truncated) state = 'done'
        else {
          state = 'failed'
          // a whole JSON body cannot be cut short by a clean end: it arrived, and it is not a completion
          failure =
            items.format === 'json'
              ? new StreamFormatError({ format: 'json' }, '', undefined, 'is not a chat completion (no finish_reason)')
              : new StreamTruncatedError()
        }
      }
      flush()
    },
    get stopped() {
      return state !== 'open'
    },
    get failure() {
      return failure
    },
  }
}

/** Emits `events`, consecutive text (or reasoning) pieces joined into one event. */
function joinPieces(events: CompletionEvent[], emit: (event: CompletionEvent) => void): void {
  let i = 0
  while (i < events.length) {
    const e = events[i]!
    if (e.type !== 'text' && e.type !== 'reasoning') {
      emit(e)
      i++
      continue
    }
    let j = i + 1
    while (j < events.length && events[j]!.type === e.type) j++
    if (j === i + 1) emit(e)
    else {
      const pieces: string[] = []
      for (let k = i; k < j; k++) pieces.push((events[k] as { text: string }).text)
      emit({ type: e.type, text: pieces.join('') })
    }
    i = j
  }
}
