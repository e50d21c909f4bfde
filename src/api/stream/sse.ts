// A pure, incremental server-sent events parser following WHATWG HTML 9.2.6 "Interpreting an event stream".
import { createLineSplitter } from './line-splitter.js'
import { type ReadOptions, readThrough } from './read.js'

/** One dispatched event: `type` defaults to "message"; `lastEventId` persists across events, as the spec says. */
export interface SseEvent {
  type: string
  data: string
  lastEventId: string
}

/** Options for {@link readSse} and {@link createSseReader}. */
export interface SseParserOptions {
  /**
   * The spec discards an event not closed by a blank line when the stream ends. Servers often omit the last blank
   * line (e.g. after `data: [DONE]`), so with this set the end treats the unterminated tail as a line and dispatches
   * the pending event. The caller must then expect that event to be cut short.
   */
  dispatchIncompleteAtEnd?: boolean
  /** Receives each valid `retry:` value in milliseconds (the reconnection time the server asks for). */
  onRetry?: (ms: number) => void
}

/** Options of {@link readSse}: the parser's and the read loop's (idle timeout, abort signal). */
export type ReadSseOptions = SseParserOptions & ReadOptions

const SPACE = 32

/**
 * Reads a body as server-sent events: each event as soon as its blank line arrives. Handles CRLF, LF and lone CR
 * line ends (also split across reads), UTF-8 and a BOM. Leaving the loop early releases the body.
 */
export function readSse(body: AsyncIterable<Uint8Array>, options: ReadSseOptions = {}): AsyncGenerator<SseEvent> {
  return readThrough(
    body,
    (emit: (event: SseEvent) => void) =>
      createSseReader((type, data, lastEventId) => emit({ type, data, lastEventId }), options),
    options,
  )
}

/** Receives each dispatched event (the fields of an {@link SseEvent}). */
export type SseEventHandler = (type: string, data: string, lastEventId: string) => void

/** The incremental SSE parser underneath {@link readSse}: events go to a callback as they complete. */
export interface SseReader {
  push(bytes: Uint8Array): void
  end(): void
}

/**
 * Creates an SSE reader that hands each event to `onEvent` as soon as its blank line arrives: the streaming hot path
 * (one event per token), where nothing of an event need outlive its handling.
 */
export function createSseReader(onEvent: SseEventHandler, options: SseParserOptions = {}): SseReader {
  const lines = createLineSplitter({ crIsLineEnd: true })
  // The data buffer: undefined until the event's first `data` line. Kept as one string rather than a list joined at
  // dispatch, which would copy every (single-line) chunk once more: this runs once per streamed token.
  let data: string | undefined
  let eventType = ''
  let lastEventId = ''

  function dispatch(): void {
    const ready = data
    const type = eventType === '' ? 'message' : eventType
    data = undefined
    eventType = ''
    if (ready !== undefined) onEvent(type, ready, lastEventId)
  }

  function onLine(line: string): void {
    if (line.length === 0) {
      dispatch()
      return
    }
    const colon = line.indexOf(':')
    if (colon === 0) return // a comment, e.g. a keep-alive
    // the field name is compared in place (no slice): `field` is its length
    const field = colon === -1 ? line.length : colon
    let start = line.length
    if (colon !== -1) start = line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1
    if (field === 4 && line.startsWith('data')) {
      const value = line.slice(start)
      data = data === undefined ? value : `${data}\n${value}`
    } else if (field === 5 && line.startsWith('event')) eventType = line.slice(start)
    else if (field === 2 && line.startsWith('id')) {
      const value = line.slice(start)
      if (!value.includes('\0')) lastEventId = value
    } else if (field === 5 && line.startsWith('retry')) {
      const value = line.slice(start)
      if (isAsciiDigits(value)) options.onRetry?.(Number.parseInt(value, 10))
    }
    // other fields are ignored (spec)
  }

  return {
    push(bytes) {
      lines.push(bytes, onLine)
    },
    end() {
      const last = lines.end(onLine)
      if (options.dispatchIncompleteAtEnd) {
        if (last !== undefined) onLine(last)
        dispatch()
      }
      data = undefined
      eventType = ''
    },
  }
}

function isAsciiDigits(value: string): boolean {
  if (value.length === 0) return false
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}
