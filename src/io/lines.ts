// Numbered lines of a stream (an NDJSON file or stdin), LF or CRLF, each bounded by the service's body limit:
// readline alone would hold a line of any length (a multi-gigabyte file without a newline) in memory.
import type { Readable } from 'node:stream'
import { createInterface } from 'node:readline'
import { Transform } from 'node:stream'
import { UsageError } from '../errors.js'
import { formatBytes, maxBodyBytes } from './arg-file.js'

/** One line, numbered from 1. */
export interface NumberedLine {
  line: number
  text: string
}

/** The lines of `input`, numbered from 1; a line longer than `limit` bytes is a usage error naming `what`. */
export async function* numberedLines(
  input: Readable,
  what: string,
  limit = maxBodyBytes,
): AsyncGenerator<NumberedLine> {
  const bounded = input.pipe(lineLimit(what, limit))
  input.on('error', (err) => bounded.destroy(err))
  const rl = createInterface({ input: bounded, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    let line = 0
    for await (const text of rl) yield { line: ++line, text }
  } finally {
    rl.close()
  }
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
