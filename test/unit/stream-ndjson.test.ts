// The NDJSON parser: LF/CRLF, blank lines, UTF-8 split across reads, malformed lines as typed items.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type NdjsonItem, readNdjson } from '../../src/api/stream/ndjson.js'
import { bodyOf, readAll, splitAt } from '../helpers/split-bytes.js'

const enc = new TextEncoder()

async function parse(pieces: (string | Uint8Array)[]): Promise<NdjsonItem[]> {
  const { items, error } = await readAll(readNdjson(bodyOf(pieces)))
  if (error !== undefined) throw error
  return items
}

const values = (items: NdjsonItem[]) => items.map((i) => (i.ok ? i.value : { malformed: i.text }))

describe('readNdjson', () => {
  it('parses one value per line with LF or CRLF, skipping blank lines', async () => {
    expect(values(await parse(['{"a":1}\r\n\n  \r\n[2]\n"x"\r\n']))).toEqual([{ a: 1 }, [2], 'x'])
  })

  it('parses a last line that lacks the newline', async () => {
    expect(values(await parse(['{"a":1}\n{"b":', '2}']))).toEqual([{ a: 1 }, { b: 2 }])
  })

  it('joins a CR and LF split across reads', async () => {
    expect(values(await parse(['{"a":1}\r', '\n{"b":2}\r', '\n']))).toEqual([{ a: 1 }, { b: 2 }])
  })

  it('decodes UTF-8 split at every byte, and drops a leading BOM', async () => {
    const bytes = enc.encode('\ufeff{"t":"🎉 日本語"}\n')
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
    expect(values(await parse(pieces))).toEqual([{ t: '🎉 日本語' }])
  })

  it('yields a malformed line as a typed item with its 1-based line number, keeping the values around it', async () => {
    const items = await parse(['{"a":1}\n\nnot json\n{"b":2}\n{"cut'])
    expect(items).toMatchObject([
      { ok: true, value: { a: 1 }, line: 1 },
      { ok: false, text: 'not json', line: 3, unterminated: false },
      { ok: true, value: { b: 2 }, line: 4 },
      { ok: false, text: '{"cut', line: 5, unterminated: true },
    ])
    const bad = items[1]
    expect(bad?.ok === false && bad.error instanceof SyntaxError).toBe(true)
  })

  it('yields the same values as JSON.parse of each line, however the bytes are split (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.jsonValue(), fc.constantFrom('\n', '\r\n', '\n\n', '\r\n \r\n')), { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (lines, cuts) => {
          const text = lines.map(([v, e]) => JSON.stringify(v) + e).join('')
          const bytes = enc.encode(text)
          const pieces = splitAt(
            bytes,
            cuts.map((c) => c % (bytes.length + 1)),
          )
          expect(values(await parse(pieces))).toEqual(lines.map(([v]) => JSON.parse(JSON.stringify(v))))
        },
      ),
      { numRuns: 300 },
    )
  })
})
