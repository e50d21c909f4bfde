// The three body formats of a completion response, each as an incremental bytes → items decoder (see
// chunk-decoder.ts for how one is chosen). Malformed JSON becomes a `malformed` item, never an exception. Items go to
// a callback as each event or line completes, so a parsed chunk is garbage as soon as it has been handled: with one
// event per token, holding a whole read's chunks in an array kept them alive across young-generation collections.
import type { StreamFormat, StreamItem } from './chunk-decoder.js'
import { parseChunkJson } from './chunk-json.js'
import { errorDetails } from './completion-events.js'
import { StreamFormatError } from './errors.js'
import { createNdjsonReader } from './ndjson.js'
import { createSseReader } from './sse.js'
import { isRecord } from '../is-record.js'

/** An incremental decoder for one format; items go to the callback it was created with. */
export interface FormatDecoder {
  push(bytes: Uint8Array): void
  end(): void
}

/** Receives each decoded item. */
export type ItemHandler = (item: StreamItem) => void

/** The bytes → items decoder for one known format. */
export function createFormatDecoder(format: StreamFormat, onItem: ItemHandler): FormatDecoder {
  if (format === 'sse') return createSseInner(onItem)
  if (format === 'ndjson') return createNdjsonInner(onItem)
  return createJsonInner(onItem)
}

function createSseInner(onItem: ItemHandler): FormatDecoder {
  let ordinal = 0
  let atEnd = false
  const reader = createSseReader(
    (type, data) => {
      ordinal++
      if (data.trim() === '') return // an empty event is a keep-alive (trim() allocates nothing here)
      if (type === 'error') {
        onItem(sseErrorItem(data))
        return
      }
      if (type === 'message' && data.length < 16 && data.trim() === '[DONE]') {
        onItem({ kind: 'done' })
        return
      }
      let value: unknown
      try {
        value = parseChunkJson(data)
      } catch (error) {
        // Only the default event type carries chunks; a custom event (e.g. `event: ping`) may hold any text.
        if (type === 'message')
          onItem({
            kind: 'malformed',
            error: new StreamFormatError({ format: 'sse', event: ordinal }, data, error),
            atEnd,
          })
        return
      }
      onItem({ kind: 'chunk', value })
    },
    { dispatchIncompleteAtEnd: true },
  )
  return {
    push: (bytes) => reader.push(bytes),
    end: () => {
      atEnd = true
      reader.end()
    },
  }
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

function createNdjsonInner(onItem: ItemHandler): FormatDecoder {
  return createNdjsonReader((item) => {
    if (item.ok) onItem({ kind: 'chunk', value: item.value })
    else if (item.text.trim() === '[DONE]')
      onItem({ kind: 'done' }) // tolerated, though not NDJSON
    else {
      const error = new StreamFormatError({ format: 'ndjson', line: item.line }, item.text, item.error)
      onItem({ kind: 'malformed', error, atEnd: item.unterminated })
    }
  }, parseChunkJson)
}

// A whole JSON document: kept as decoded pieces and parsed once at the end. An array is read as a list of chunks.
// The body ended cleanly (a cut connection is an error of the body itself), so JSON that does not parse is a broken
// answer, not a truncated one.
function createJsonInner(onItem: ItemHandler): FormatDecoder {
  const decoder = new TextDecoder('utf-8')
  const parts: string[] = []
  return {
    push(bytes) {
      parts.push(decoder.decode(bytes, { stream: true }))
    },
    end() {
      parts.push(decoder.decode())
      const text = parts.join('')
      if (text.trim() === '') return
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (error) {
        onItem({ kind: 'malformed', error: new StreamFormatError({ format: 'json' }, text, error), atEnd: false })
        return
      }
      for (const v of Array.isArray(value) ? value : [value]) onItem({ kind: 'chunk', value: v })
    },
  }
}
