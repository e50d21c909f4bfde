// The NDJSON parser: LF/CRLF, blank lines, UTF-8 split across reads, malformed lines as typed items.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createNdjsonParser, type NdjsonItem } from '../../src/api/stream/ndjson.js'
import { splitAt } from '../helpers/split-bytes.js'

const enc = new TextEncoder()

function parse(pieces: (string | Uint8Array)[]): NdjsonItem[] {
  const parser = createNdjsonParser()
  const items: NdjsonItem[] = []
  for (const p of pieces) items.push(...parser.push(typeof p === 'string' ? enc.encode(p) : p))
  items.push(...parser.end())
  return items
}

const values = (items: NdjsonItem[]) => items.map((i) => (i.ok ? i.value : { malformed: i.text }))

describe('createNdjsonParser', () => {
  it('parses one value per line with LF or CRLF, skipping blank lines', () => {
    expect(values(parse(['{"a":1}\r\n\n  \r\n[2]\n"x"\r\n']))).toEqual([{ a: 1 }, [2], 'x'])
  })

  it('parses a last line that lacks the newline', () => {
    expect(values(parse(['{"a":1}\n{"b":', '2}']))).toEqual([{ a: 1 }, { b: 2 }])
  })

  it('joins a CR and LF split across reads', () => {
    expect(values(parse(['{"a":1}\r', '\n{"b":2}\r', '\n']))).toEqual([{ a: 1 }, { b: 2 }])
  })

  it('decodes UTF-8 split at every byte, and drops a leading BOM', () => {
    const bytes = enc.encode('\ufeff{"t":"🎉 日本語"}\n')
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
    expect(values(parse(pieces))).toEqual([{ t: '🎉 日本語' }])
  })

  it('yields a malformed line as a typed item with its 1-based line number, keeping the values around it', () => {
    const items = parse(['{"a":1}\n\nnot json\n{"b":2}\n{"cut'])
    expect(items).toMatchObject([
      { ok: true, value: { a: 1 }, line: 1 },
      { ok: false, text: 'not json', line: 3, unterminated: false },
      { ok: true, value: { b: 2 }, line: 4 },
      { ok: false, text: '{"cut', line: 5, unterminated: true },
    ])
    const bad = items[1]
    expect(bad?.ok === false && bad.error instanceof SyntaxError).toBe(true)
  })

  it('yields the same values as JSON.parse of each line, however the bytes are split (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.jsonValue(), fc.constantFrom('\n', '\r\n', '\n\n', '\r\n \r\n')), { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (lines, cuts) => {
          const text = lines.map(([v, e]) => JSON.stringify(v) + e).join('')
          const bytes = enc.encode(text)
          const pieces = splitAt(
            bytes,
            cuts.map((c) => c % (bytes.length + 1)),
          )
          expect(values(parse(pieces))).toEqual(lines.map(([v]) => JSON.parse(JSON.stringify(v))))
        },
      ),
      { numRuns: 300 },
    )
  })
})
