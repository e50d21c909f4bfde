// Bytes → completion chunks, for either wire format (wire.md: `text/event-stream` is SSE, `application/x-ndjson`
// one JSON chunk per line; clients must accept both). When the Content-Type is absent or unknown the format is
// sniffed from the first non-blank bytes. A JSON body (`application/json`, or sniffed `{`/`[`) is NDJSON when its
// first line parses on its own, otherwise one (pretty-printed) JSON document read whole.
import type { StreamFormatError } from './errors.js'
import { createFormatDecoder, type FormatDecoder, type ItemHandler } from './format-decoders.js'
import { collecting } from './collect.js'

/** The wire formats a completion body may use. */
export type StreamFormat = 'sse' | 'ndjson' | 'json'

/**
 * One decoded item. `malformed` is an item that is not JSON; `atEnd` marks the unterminated last line/event of the
 * body, which a dropped connection cuts short (so it means truncation rather than a broken server).
 */
export type StreamItem =
  | { kind: 'chunk'; value: unknown }
  | { kind: 'done' }
  | { kind: 'error'; message: string; code: string | undefined }
  | { kind: 'malformed'; error: StreamFormatError; atEnd: boolean }

/** An incremental bytes → items decoder; `format` is undefined until sniffing has decided. */
export interface StreamDecoder {
  readonly format: StreamFormat | undefined
  push(bytes: Uint8Array): StreamItem[]
  end(): StreamItem[]
}

/** The same decoder handing items to a callback as they complete (the streaming hot path: no array per read). */
export interface StreamItemReader {
  readonly format: StreamFormat | undefined
  push(bytes: Uint8Array): void
  end(): void
}

type Choice = StreamFormat | 'sniff' | 'json-or-ndjson'

/** The format a Content-Type header names; parameters (`; charset=utf-8`) and case are ignored. */
export function formatForContentType(contentType: string | undefined | null): Choice {
  const semi = (contentType ?? '').indexOf(';')
  const media = (semi === -1 ? (contentType ?? '') : (contentType ?? '').slice(0, semi)).trim().toLowerCase()
  if (media === 'text/event-stream') return 'sse'
  if (ndjsonTypes.has(media)) return 'ndjson'
  if (media === 'application/json' || media.endsWith('+json')) return 'json-or-ndjson'
  return 'sniff'
}

const ndjsonTypes = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/jsonlines',
])

const BRACE = 0x7b
const BRACKET = 0x5b
const LF = 0x0a

/** Creates a decoder for a response with this Content-Type (see the file header for the sniffing rules). */
export function createStreamDecoder(contentType?: string | null): StreamDecoder {
  const { reader, push, end } = collecting((emit: (item: StreamItem) => void) =>
    createStreamItemReader(contentType, emit),
  )
  return {
    get format() {
      return reader.format
    },
    push,
    end,
  }
}

/** Creates a reader for a response with this Content-Type; each item goes to `onItem` as soon as it is decoded. */
export function createStreamItemReader(contentType: string | undefined | null, onItem: ItemHandler): StreamItemReader {
  const choice = formatForContentType(contentType)
  let format: StreamFormat | undefined = choice === 'sniff' || choice === 'json-or-ndjson' ? undefined : choice
  let inner: FormatDecoder | undefined = format === undefined ? undefined : createFormatDecoder(format, onItem)
  // Sniffing state: bytes held back until the format is known (at most the body's first line).
  let held: Uint8Array[] = []
  let heldLength = 0
  let firstSignificant = -1

  function decide(bytes: Uint8Array, atEnd: boolean): StreamFormat | undefined {
    const base = heldLength - bytes.length
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!
      const pos = base + i
      if (firstSignificant === -1) {
        if (isLeadingByte(b, pos)) continue
        firstSignificant = pos
        if (b !== BRACE && b !== BRACKET) return choice === 'sniff' ? 'sse' : 'json'
      } else if (b === LF) {
        return firstLineParses(pos) ? 'ndjson' : 'json'
      }
    }
    if (!atEnd || firstSignificant === -1) return undefined
    return 'ndjson' // a single line: NDJSON and whole-body JSON read it alike
  }

  function firstLineParses(lfPos: number): boolean {
    const all = joinHeld()
    try {
      JSON.parse(new TextDecoder().decode(all.subarray(firstSignificant, lfPos)))
      return true
    } catch {
      return false
    }
  }

  function joinHeld(): Uint8Array {
    if (held.length === 1) return held[0]!
    const all = new Uint8Array(heldLength)
    let at = 0
    for (const piece of held) {
      all.set(piece, at)
      at += piece.length
    }
    held = [all]
    return all
  }

  function sniff(bytes: Uint8Array, atEnd: boolean): void {
    held.push(bytes)
    heldLength += bytes.length
    const decided = decide(bytes, atEnd)
    if (decided === undefined) return
    format = decided
    const all = joinHeld()
    held = []
    inner = createFormatDecoder(decided, onItem)
    inner.push(all)
  }

  return {
    get format() {
      return format
    },
    push(bytes) {
      if (inner === undefined) sniff(bytes, false)
      else inner.push(bytes)
    },
    end() {
      if (inner === undefined) sniff(new Uint8Array(0), true)
      inner?.end()
    },
  }
}

// Whitespace, and a UTF-8 BOM in the first three bytes, may precede the first significant byte.
function isLeadingByte(b: number, pos: number): boolean {
  if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) return true
  return pos < 3 && (b === 0xef || b === 0xbb || b === 0xbf)
}
