// The one decoder of text people hand us as bytes (stdin, --data @file, --input-file, --tools, --resume, secret
// files, the NDJSON lines of --batch and `cms import`): UTF-8, strictly (TextDecoder with `fatal: true`). A byte
// that is not UTF-8 is a usage error naming where it is, never turned into U+FFFD and sent. A BOM is kept as text,
// as given. The offset is searched for only once the decoder has refused the bytes.
import { UsageError } from '../errors.js'

const strictDecoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** `bytes` as text; a usage error naming `what` and the offset of the first byte that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return strictDecoder().decode(bytes)
  } catch {
    throw notUtf8(what, bytes, invalidAt(bytes), 0)
  }
}

/** A decoder of a stream's chunks, in order: `push` returns the text they complete, `end` what is left. */
export interface Utf8Stream {
  push(chunk: Uint8Array): string
  end(): string
}

/** A strict decoder for a stream (the offsets in its errors count from the stream's first byte). */
export function utf8Stream(what: string): Utf8Stream {
  const decoder = strictDecoder()
  let seen = 0
  // the stream's last bytes (at most 3): a character cut between chunks starts there
  let tail = new Uint8Array(0)
  const fail = (chunk: Uint8Array): never => {
    const pending = tail.subarray(tail.length - cutCharacter(tail))
    const bytes = Buffer.concat([pending, chunk])
    throw notUtf8(what, bytes, invalidAt(bytes), seen - pending.length)
  }
  return {
    push(chunk) {
      let text: string
      try {
        text = decoder.decode(chunk, { stream: true })
      } catch {
        fail(chunk)
      }
      seen += chunk.length
      tail = Buffer.concat([tail, chunk.subarray(Math.max(0, chunk.length - 3))]).subarray(-3)
      return text!
    },
    end() {
      try {
        return decoder.decode()
      } catch {
        return fail(new Uint8Array(0))
      }
    },
  }
}

function notUtf8(what: string, bytes: Uint8Array, at: number, base: number): UsageError {
  const where =
    at < bytes.length
      ? `byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} at offset ${base + at}`
      : `a character cut short at offset ${base + lastLead(bytes)}`
  return new UsageError(
    `${what}: not UTF-8 text (${where})`,
    'convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8',
  )
}

/** How many bytes at the end of `bytes` begin a character not yet complete (0 to 3). */
function cutCharacter(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
    const b = bytes[i]!
    if (b < 0x80) return 0
    if (b >= 0xc0) return bytes.length - i < sequenceLength(b) ? bytes.length - i : 0
  }
  return 0
}

const sequenceLength = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2)

function lastLead(bytes: Uint8Array): number {
  let i = bytes.length - 1
  while (i > 0 && bytes[i]! >= 0x80 && bytes[i]! < 0xc0) i--
  return i
}

/**
 * The offset of the first byte of the first sequence that is not UTF-8 (WHATWG's decoder: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or `bytes.length` when the bytes end inside a character.
 */
function invalidAt(bytes: Uint8Array): number {
  let need = 0
  let lower = 0x80
  let upper = 0xbf
  let start = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (need === 0) {
      start = i
      if (b < 0x80) continue
      if (b >= 0xc2 && b <= 0xdf) need = 1
      else if (b >= 0xe0 && b <= 0xef) {
        need = 2
        if (b === 0xe0) lower = 0xa0
        if (b === 0xed) upper = 0x9f
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3
        if (b === 0xf0) lower = 0x90
        if (b === 0xf4) upper = 0x8f
      } else return i
      continue
    }
    if (b < lower || b > upper) return start
    lower = 0x80
    upper = 0xbf
    need--
  }
  return bytes.length
}
