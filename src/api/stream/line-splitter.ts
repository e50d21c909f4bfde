// Incremental UTF-8 line splitting shared by the SSE and NDJSON parsers. Bytes arrive in arbitrary pieces, so a
// multi-byte character, a line, or a CRLF pair may straddle two reads. Only the unterminated tail is buffered (as a
// list of pieces, joined once when its line ends) so a long stream costs O(n), never O(n^2).

/** Options for {@link createLineSplitter}. */
export interface LineSplitterOptions {
  /** Treat a lone CR as a line end, as SSE does (WHATWG HTML 9.2.5 "end-of-line"); NDJSON splits on LF only. */
  crIsLineEnd: boolean
}

/** Splits decoded text into lines; `end()` returns the unterminated last line, if any. */
export interface LineSplitter {
  push(bytes: Uint8Array, onLine: (line: string) => void): void
  end(onLine: (line: string) => void): string | undefined
}

const LF = 10
const CR = 13

/** Creates a line splitter. A UTF-8 BOM at the very start is dropped (TextDecoder's default, as SSE requires). */
export function createLineSplitter(options: LineSplitterOptions): LineSplitter {
  const decoder = new TextDecoder('utf-8')
  const crIsLineEnd = options.crIsLineEnd
  let tail: string[] = []
  // A CR ended the previous piece: an LF at the start of the next one belongs to the same CRLF.
  let skipLeadingLf = false

  function feed(text: string, onLine: (line: string) => void): void {
    const n = text.length
    if (n === 0) return
    let i = 0
    if (skipLeadingLf) {
      skipLeadingLf = false
      if (text.charCodeAt(0) === LF) i = 1
    }
    // Cached next positions of LF and CR so each character is scanned a bounded number of times.
    let nextLf = -2
    let nextCr = crIsLineEnd ? -2 : -1
    while (i < n) {
      if (nextLf !== -1 && nextLf < i) nextLf = text.indexOf('\n', i)
      if (nextCr !== -1 && nextCr < i) nextCr = text.indexOf('\r', i)
      let end: number
      if (nextLf === -1) end = nextCr
      else if (nextCr === -1) end = nextLf
      else end = Math.min(nextLf, nextCr)
      if (end === -1) break
      const piece = text.slice(i, end)
      let line: string
      if (tail.length === 0) line = piece
      else {
        tail.push(piece)
        line = tail.join('')
        tail = []
      }
      if (!crIsLineEnd && line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1)
      if (text.charCodeAt(end) === CR) {
        if (end + 1 === n) skipLeadingLf = true
        else if (text.charCodeAt(end + 1) === LF) end++
      }
      i = end + 1
      onLine(line)
    }
    if (i < n) tail.push(i === 0 ? text : text.slice(i))
  }

  return {
    push(bytes, onLine) {
      feed(decoder.decode(bytes, { stream: true }), onLine)
    },
    end(onLine) {
      // Flushing turns an incomplete trailing UTF-8 sequence into U+FFFD rather than silently dropping it.
      feed(decoder.decode(), onLine)
      skipLeadingLf = false
      if (tail.length === 0) return undefined
      let last = tail.join('')
      tail = []
      if (!crIsLineEnd && last.charCodeAt(last.length - 1) === CR) last = last.slice(0, -1)
      return last
    },
  }
}
