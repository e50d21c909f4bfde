// Bytes → completion chunks, for either wire format (wire.md: `text/event-stream` is SSE, `application/x-ndjson`
// one JSON chunk per line; clients must accept both). When the Content-Type is absent or unknown the format is
// sniffed from the first non-blank bytes. A JSON body (`application/json`, or sniffed `{`/`[`) is NDJSON when its
// first line parses on its own, otherwise one (pretty-printed) JSON document read whole; a body of one line without
// a line end is read as that JSON document. A page (`text/html`, or a body starting with `<`) is not a completion:
// one `malformed` item, so the caller fails with exit 7 rather than reading it as a stream that never began.
import { StreamFormatError } from './errors.js'
import { createFormatDecoder, type FormatDecoder, type ItemHandler } from './format-decoders.js'
import { type ReadOptions, readThrough } from './read.js'

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

/** The incremental bytes → items decoder, handing items to a callback as they complete (no array per read). */
export interface StreamItemReader {
  readonly format: StreamFormat | undefined
  push(bytes: Uint8Array): void
  end(): void
}

type Choice = StreamFormat | 'sniff' | 'json-or-ndjson' | 'page'

/** The format a Content-Type header names; parameters (`; charset=utf-8`) and case are ignored. */
export function formatForContentType(contentType: string | undefined | null): Choice {
  const semi = (contentType ?? '').indexOf(';')
  const media = (semi === -1 ? (contentType ?? '') : (contentType ?? '').slice(0, semi)).trim().toLowerCase()
  if (media === 'text/event-stream') return 'sse'
  if (ndjsonTypes.has(media)) return 'ndjson'
  if (media === 'application/json' || media.endsWith('+json')) return 'json-or-ndjson'
  if (media === 'text/html' || media === 'application/xhtml+xml') return 'page'
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
const LT = 0x3c
/** The bytes an SSE line can start with: `d`ata, `e`vent, `i`d, `r`etry, `:` (a comment). */
const sseStarts = new Set([0x64, 0x65, 0x69, 0x72, 0x3a])
const LF = 0x0a

/** Options of {@link readStreamItems}. */
export interface ReadItemsOptions extends ReadOptions {
  /** Told the format once it is known (sniffing decides after the first line). */
  onFormat?: (format: StreamFormat) => void
}

/** Reads a response body with this Content-Type as stream items (see the file header for the sniffing rules). */
export function readStreamItems(
  body: AsyncIterable<Uint8Array>,
  contentType: string | undefined | null,
  opts: ReadItemsOptions = {},
): AsyncGenerator<StreamItem> {
  return readThrough(
    body,
    (emit: (item: StreamItem) => void) => {
      const reader = createStreamItemReader(contentType, emit)
      let told = false
      const tell = () => {
        if (!told && reader.format !== undefined) {
          told = true
          opts.onFormat?.(reader.format)
        }
      }
      return {
        push(bytes) {
          reader.push(bytes)
          tell()
        },
        end() {
          reader.end()
          tell()
        },
      }
    },
    opts,
  )
}

/** Creates a reader for a response with this Content-Type; each item goes to `onItem` as soon as it is decoded. */
export function createStreamItemReader(contentType: string | undefined | null, onItem: ItemHandler): StreamItemReader {
  const choice = formatForContentType(contentType)
  let format: StreamFormat | undefined = choice === 'sse' || choice === 'ndjson' ? choice : undefined
  let inner: FormatDecoder | undefined = format === undefined ? undefined : createFormatDecoder(format, onItem)
  let refused = false
  // A sniffed SSE body whose first byte cannot start an SSE line (`data`, `event`, `id`, `retry`, `:`) and that yields
  // no item at all is some other text (a proxy's "Bad Gateway"): refused at the end. Its head is kept for the error.
  let notSse: { head: string; items: number } | undefined
  const count: ItemHandler = (item) => {
    if (notSse) notSse.items++
    onItem(item)
  }
  // Sniffing state: bytes held back until the format is known (at most the body's first line).
  let held: Uint8Array[] = []
  let heldLength = 0
  let firstSignificant = -1

  function decide(bytes: Uint8Array, atEnd: boolean): StreamFormat | 'page' | undefined {
    if (choice === 'page') return 'page'
    const base = heldLength - bytes.length
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!
      const pos = base + i
      if (firstSignificant === -1) {
        if (isLeadingByte(b, pos)) continue
        firstSignificant = pos
        if (b === LT) return 'page'
        if (b !== BRACE && b !== BRACKET) return choice === 'sniff' ? 'sse' : 'json'
      } else if (b === LF) {
        return firstLineParses(pos) ? 'ndjson' : 'json'
      }
    }
    if (!atEnd || firstSignificant === -1) return undefined
    return 'json' // one line and no line end: a whole body (broken JSON there is a broken answer, not a cut stream)
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
    const all = joinHeld()
    held = []
    if (decided === 'page') {
      refused = true
      const text = new TextDecoder().decode(all.subarray(0, 200))
      const error = new StreamFormatError({ format: 'page', contentType: contentType ?? '' }, text.trim())
      onItem({ kind: 'malformed', error, atEnd: false })
      return
    }
    format = decided
    if (decided === 'sse' && !sseStarts.has(all[firstSignificant]!))
      notSse = { head: new TextDecoder().decode(all.subarray(firstSignificant, firstSignificant + 200)), items: 0 }
    inner = createFormatDecoder(decided, notSse ? count : onItem)
    inner.push(all)
  }

  function refuseText(): void {
    if (notSse === undefined || notSse.items > 0) return
    const error = new StreamFormatError({ format: 'body', contentType: contentType ?? '' }, notSse.head.trim())
    onItem({ kind: 'malformed', error, atEnd: false })
  }

  return {
    get format() {
      return format
    },
    push(bytes) {
      if (refused) return
      if (inner === undefined) return sniff(bytes, false)
      inner.push(bytes)
      if (notSse !== undefined && notSse.head.length < 200)
        notSse.head += new TextDecoder().decode(bytes.subarray(0, 200))
    },
    end() {
      if (refused) return
      if (inner === undefined) sniff(new Uint8Array(0), true)
      inner?.end()
      refuseText()
    },
  }
}

// Whitespace, and a UTF-8 BOM in the first three bytes, may precede the first significant byte.
function isLeadingByte(b: number, pos: number): boolean {
  if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) return true
  return pos < 3 && (b === 0xef || b === 0xbb || b === 0xbf)
}
