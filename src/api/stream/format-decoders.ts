// The three body formats of a completion response, each as an incremental bytes → items decoder (see
// chunk-decoder.ts for how one is chosen). Malformed JSON becomes a `malformed` item, never an exception.
import type { StreamFormat, StreamItem } from './chunk-decoder.js'
import { errorDetails } from './completion-events.js'
import { StreamFormatError } from './errors.js'
import { createNdjsonParser } from './ndjson.js'
import { createSseParser } from './sse.js'
import { isRecord } from './tool-calls.js'

/** An incremental decoder for one format. */
export interface FormatDecoder {
  push(bytes: Uint8Array): StreamItem[]
  end(): StreamItem[]
}

/** The bytes → items decoder for one known format. */
export function createFormatDecoder(format: StreamFormat): FormatDecoder {
  if (format === 'sse') return createSseInner()
  if (format === 'ndjson') return createNdjsonInner()
  return createJsonInner()
}

function createSseInner(): FormatDecoder {
  const parser = createSseParser({ dispatchIncompleteAtEnd: true })
  let ordinal = 0
  const map = (events: ReturnType<typeof parser.push>, atEnd: boolean): StreamItem[] => {
    const items: StreamItem[] = []
    for (const event of events) {
      ordinal++
      const data = event.data
      if (data.trim() === '') continue // an empty event is a keep-alive
      if (event.type === 'error') {
        items.push(sseErrorItem(data))
        continue
      }
      if (event.type === 'message' && data.length < 16 && data.trim() === '[DONE]') {
        items.push({ kind: 'done' })
        continue
      }
      try {
        items.push({ kind: 'chunk', value: JSON.parse(data) })
      } catch (error) {
        // Only the default event type carries chunks; a custom event (e.g. `event: ping`) may hold any text.
        if (event.type === 'message') {
          items.push({
            kind: 'malformed',
            error: new StreamFormatError({ format: 'sse', event: ordinal }, data, error),
            atEnd,
          })
        }
      }
    }
    return items
  }
  return { push: (bytes) => map(parser.push(bytes), false), end: () => map(parser.end(), true) }
}

// wire.md: an error may arrive as an SSE `event: error`; its data is an `{error:{message}}` body or plain text.
function sseErrorItem(data: string): StreamItem {
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return { kind: 'error', message: data, code: undefined }
  }
  if (isRecord(parsed) && parsed.error !== undefined && parsed.error !== null)
    return { kind: 'error', ...errorDetails(parsed.error) }
  if (isRecord(parsed)) return { kind: 'error', ...errorDetails(parsed) }
  return { kind: 'error', message: data, code: undefined }
}

function createNdjsonInner(): FormatDecoder {
  const parser = createNdjsonParser()
  const map = (parsed: ReturnType<typeof parser.push>): StreamItem[] => {
    const items: StreamItem[] = []
    for (const item of parsed) {
      if (item.ok) items.push({ kind: 'chunk', value: item.value })
      else if (item.text.trim() === '[DONE]')
        items.push({ kind: 'done' }) // tolerated, though not NDJSON
      else {
        const error = new StreamFormatError({ format: 'ndjson', line: item.line }, item.text, item.error)
        items.push({ kind: 'malformed', error, atEnd: item.unterminated })
      }
    }
    return items
  }
  return { push: (bytes) => map(parser.push(bytes)), end: () => map(parser.end()) }
}

// A whole JSON document: kept as decoded pieces and parsed once at the end. An array is read as a list of chunks.
function createJsonInner(): FormatDecoder {
  const decoder = new TextDecoder('utf-8')
  const parts: string[] = []
  return {
    push(bytes) {
      parts.push(decoder.decode(bytes, { stream: true }))
      return []
    },
    end() {
      parts.push(decoder.decode())
      const text = parts.join('')
      if (text.trim() === '') return []
      try {
        const value: unknown = JSON.parse(text)
        const values = Array.isArray(value) ? value : [value]
        return values.map((v) => ({ kind: 'chunk', value: v }))
      } catch (error) {
        return [{ kind: 'malformed', error: new StreamFormatError({ format: 'json' }, text, error), atEnd: true }]
      }
    },
  }
}
