// Numbered lines of a stream (an NDJSON file or stdin: --batch, `cms import`, --resume), LF or CRLF, UTF-8 strictly
// (src/io/utf8-text.ts), each bounded by the service's body limit: a line of any length (a multi-gigabyte file
// without a newline) is never held in memory. Read with the stream's own async iterator, which pauses it while the
// consumer is busy (readline's iterator queues every line of the file when the sending is slower than the reading).
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { UsageError } from '../errors.js'
import { formatBytes, maxBodyBytes } from './arg-file.js'
import { utf8Stream } from './utf8-text.js'

/** One line, numbered from 1. */
export interface NumberedLine {
  line: number
  text: string
}

/** The lines of `input`, numbered from 1; a line longer than `limit` bytes, or bytes not UTF-8, are usage errors naming `what`. */
export async function* numberedLines(
  input: Readable | NodeJS.ReadableStream,
  what: string,
  limit = maxBodyBytes,
): AsyncGenerator<NumberedLine> {
  const bounded = input.pipe(lineLimit(what, limit))
  input.on('error', (err) => bounded.destroy(err))
  const decoder = utf8Stream(what)
  let rest = ''
  let line = 0
  for await (const chunk of bounded) {
    // only the new text is searched for a newline: a long line costs its length once, not once a chunk
    const piece = decoder.push(chunk as Buffer)
    let start = 0
    for (let nl = piece.indexOf('\n'); nl >= 0; nl = piece.indexOf('\n', start)) {
      yield { line: ++line, text: (rest + piece.slice(start, nl)).replace(/\r$/, '') }
      rest = ''
      start = nl + 1
    }
    rest += piece.slice(start)
  }
  rest += decoder.end()
  if (rest !== '') yield { line: ++line, text: rest.replace(/\r$/, '') }
}

/** Passes bytes through, failing once a line grows past `limit` bytes. */
function lineLimit(what: string, limit: number): Transform {
  let run = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const first = chunk.indexOf(10)
      const last = chunk.lastIndexOf(10)
      const longest = first < 0 ? run + chunk.length : Math.max(run + first, chunk.length - last - 1)
      run = first < 0 ? longest : chunk.length - last - 1
      if (longest > limit)
        done(new UsageError(`${what}: a line is longer than ${formatBytes(limit)} (the service's body limit)`))
      else done(null, chunk)
    },
  })
}
