// An incremental NDJSON (newline-delimited JSON) parser: one JSON value per LF-terminated line, CRLF tolerated,
// blank lines skipped. A malformed line does not throw mid-stream: it becomes a typed item, so the values parsed
// before it in the same read are never lost and the caller decides how fatal it is (decoder.ts treats it as a
// StreamFormatError, or as truncation when it is the cut-off last line).
import { createLineSplitter } from './line-splitter.js'

/** One parsed line: the JSON value, or the raw text and parse error of a malformed line. Lines are 1-based. */
export type NdjsonItem =
  | { ok: true; value: unknown; line: number }
  | { ok: false; text: string; error: Error; line: number; unterminated: boolean }

/** An incremental NDJSON parser: feed bytes in any split, get the items of the lines completed so far. */
export interface NdjsonParser {
  push(bytes: Uint8Array): NdjsonItem[]
  /** Parses the last line if it lacks a final newline (common for NDJSON); `unterminated` marks it. */
  end(): NdjsonItem[]
}

/** Creates an NDJSON parser over UTF-8 bytes (a BOM at the start is dropped). */
export function createNdjsonParser(): NdjsonParser {
  const lines = createLineSplitter({ crIsLineEnd: false })
  let lineNo = 0
  let out: NdjsonItem[] = []

  function parse(text: string, unterminated: boolean): void {
    lineNo++
    if (isBlank(text)) return
    try {
      out.push({ ok: true, value: JSON.parse(text), line: lineNo })
    } catch (error) {
      out.push({
        ok: false,
        text,
        error: error instanceof Error ? error : new Error(String(error)),
        line: lineNo,
        unterminated,
      })
    }
  }

  const onLine = (text: string): void => parse(text, false)

  function take(): NdjsonItem[] {
    const items = out
    out = []
    return items
  }

  return {
    push(bytes) {
      lines.push(bytes, onLine)
      return take()
    },
    end() {
      const last = lines.end(onLine)
      if (last !== undefined) parse(last, true)
      return take()
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
