// An incremental NDJSON (newline-delimited JSON) parser: one JSON value per LF-terminated line, CRLF tolerated,
// blank lines skipped. A malformed line does not throw mid-stream: it becomes a typed item, so the values parsed
// before it in the same read are never lost and the caller decides how fatal it is (decoder.ts treats it as a
// StreamFormatError, or as truncation when it is the cut-off last line).
import { createLineSplitter } from './line-splitter.js'
import { type ReadOptions, readThrough } from './read.js'

/** One parsed line: the JSON value, or the raw text and parse error of a malformed line. Lines are 1-based. */
export type NdjsonItem =
  | { ok: true; value: unknown; line: number }
  | { ok: false; text: string; error: Error; line: number; unterminated: boolean }

/**
 * Reads a body as NDJSON: one item per line as soon as the line is complete, the last line also without its newline
 * (`unterminated` marks it). A UTF-8 BOM at the start is dropped. Leaving the loop early releases the body.
 */
export function readNdjson(body: AsyncIterable<Uint8Array>, opts: ReadOptions = {}): AsyncGenerator<NdjsonItem> {
  return readThrough(body, (emit: (item: NdjsonItem) => void) => createNdjsonReader(emit), opts)
}

/** The incremental NDJSON parser underneath {@link readNdjson}: each line's item goes to a callback. */
export interface NdjsonReader {
  push(bytes: Uint8Array): void
  end(): void
}

/**
 * Creates an NDJSON reader handing each item to `onItem` (the streaming hot path: nothing is held per read);
 * `parseJson` replaces JSON.parse (it must throw what JSON.parse throws).
 */
export function createNdjsonReader(
  onItem: (item: NdjsonItem) => void,
  parseJson: (text: string) => unknown = JSON.parse,
): NdjsonReader {
  const lines = createLineSplitter({ crIsLineEnd: false })
  let lineNo = 0

  function parse(text: string, unterminated: boolean): void {
    lineNo++
    if (isBlank(text)) return
    let value: unknown
    try {
      value = parseJson(text)
    } catch (error) {
      onItem({
        ok: false,
        text,
        error: error instanceof Error ? error : new Error(String(error)),
        line: lineNo,
        unterminated,
      })
      return
    }
    onItem({ ok: true, value, line: lineNo })
  }

  const onLine = (text: string): void => parse(text, false)

  return {
    push(bytes) {
      lines.push(bytes, onLine)
    },
    end() {
      const last = lines.end(onLine)
      if (last !== undefined) parse(last, true)
    },
  }
}

/** True for an empty or all-whitespace line; checked without a regex because it runs on every line. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13) return false
  }
  return true
}
