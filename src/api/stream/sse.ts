// A pure, incremental server-sent events parser following WHATWG HTML 9.2.6 "Interpreting an event stream".
import { createLineSplitter } from './line-splitter.js'

/** One dispatched event: `type` defaults to "message"; `lastEventId` persists across events, as the spec says. */
export interface SseEvent {
  type: string
  data: string
  lastEventId: string
}

/** Options for {@link createSseParser}. */
export interface SseParserOptions {
  /**
   * The spec discards an event not closed by a blank line when the stream ends. Servers often omit the last blank
   * line (e.g. after `data: [DONE]`), so with this set `end()` treats the unterminated tail as a line and dispatches
   * the pending event. The caller must then expect that event to be cut short.
   */
  dispatchIncompleteAtEnd?: boolean
}

/** An incremental SSE parser: feed bytes in any split, get the events completed so far. */
export interface SseParser {
  push(bytes: Uint8Array): SseEvent[]
  end(): SseEvent[]
  /** The last valid `retry:` value in milliseconds (the reconnection time), if the server sent one. */
  readonly retryMs: number | undefined
}

const SPACE = 32

/** Creates an SSE parser. Handles CRLF, LF and lone CR line ends (also split across reads), UTF-8 and a BOM. */
export function createSseParser(options: SseParserOptions = {}): SseParser {
  const lines = createLineSplitter({ crIsLineEnd: true })
  let data: string[] = []
  let eventType = ''
  let lastEventId = ''
  let retryMs: number | undefined
  let out: SseEvent[] = []

  function dispatch(): void {
    if (data.length === 0) {
      eventType = ''
      return
    }
    out.push({ type: eventType === '' ? 'message' : eventType, data: data.join('\n'), lastEventId })
    data = []
    eventType = ''
  }

  function onLine(line: string): void {
    if (line.length === 0) {
      dispatch()
      return
    }
    const colon = line.indexOf(':')
    if (colon === 0) return // a comment, e.g. a keep-alive
    let field: string
    let value: string
    if (colon === -1) {
      field = line
      value = ''
    } else {
      field = line.slice(0, colon)
      const start = line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1
      value = line.slice(start)
    }
    switch (field) {
      case 'data':
        data.push(value)
        break
      case 'event':
        eventType = value
        break
      case 'id':
        if (!value.includes('\0')) lastEventId = value
        break
      case 'retry':
        if (isAsciiDigits(value)) retryMs = Number.parseInt(value, 10)
        break
      default: // unknown fields are ignored (spec)
    }
  }

  function take(): SseEvent[] {
    const events = out
    out = []
    return events
  }

  return {
    push(bytes) {
      lines.push(bytes, onLine)
      return take()
    },
    end() {
      const last = lines.end(onLine)
      if (options.dispatchIncompleteAtEnd) {
        if (last !== undefined) onLine(last)
        dispatch()
      }
      data = []
      eventType = ''
      return take()
    },
    get retryMs() {
      return retryMs
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
