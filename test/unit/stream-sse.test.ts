// The SSE parser against WHATWG HTML 9.2.6 "Interpreting an event stream": edge cases, and a property test
// comparing the incremental parser, fed in arbitrary pieces, with a plain whole-text reading of the spec.
import fc from 'fast-check'
import { anyString } from '../helpers/code-points.js'
import { describe, expect, it } from 'vitest'
import { readSse, type SseEvent, type SseParserOptions } from '../../src/api/stream/sse.js'
import { bodyOf, readAll, splitAt } from '../helpers/split-bytes.js'

const enc = new TextEncoder()

async function parse(pieces: (string | Uint8Array)[], options: SseParserOptions = {}): Promise<SseEvent[]> {
  const { items, error } = await readAll(readSse(bodyOf(pieces), options))
  if (error !== undefined) throw error
  return items
}

const msg = (data: string, lastEventId = '', type = 'message'): SseEvent => ({ type, data, lastEventId })

describe('readSse', () => {
  it('joins multi-line data with LF and defaults the type to "message"', async () => {
    expect(await parse(['data: a\ndata: b\n\n'])).toEqual([msg('a\nb')])
    expect(await parse(['data: a\ndata:\n\n'])).toEqual([msg('a\n')])
  })

  it('accepts LF, CRLF and lone CR line ends', async () => {
    expect(await parse(['data: a\r\ndata: b\r\n\r\n'])).toEqual([msg('a\nb')])
    expect(await parse(['data: a\rdata: b\r\r'])).toEqual([msg('a\nb')])
    expect(await parse(['data: a\rdata: b\n\r\n'])).toEqual([msg('a\nb')])
  })

  it('treats a CR ending one read and an LF starting the next as one line end', async () => {
    expect(await parse(['event: x\r', '\ndata: a\r', '\n\r', '\n'])).toEqual([msg('a', '', 'x')])
    // An empty read in between must not lose the pending CR.
    expect(await parse(['data: a\r', new Uint8Array(0), '\ndata: b\r\n\r\n'])).toEqual([msg('a\nb')])
  })

  it('strips exactly one space after the colon and allows none', async () => {
    expect(await parse(['data:x\n\n', 'data:  y\n\n', 'data: \n\n'])).toEqual([msg('x'), msg(' y'), msg('')])
  })

  it('takes a line without a colon as a field name with an empty value', async () => {
    expect(await parse(['data\ndata\n\n'])).toEqual([msg('\n')])
    expect(await parse(['event\ndata: a\n\n'])).toEqual([msg('a')])
  })

  it('ignores comments and unknown fields', async () => {
    expect(await parse([': keep-alive\n\n:\ndata: a\nfoo: bar\n: more\n\n'])).toEqual([msg('a')])
  })

  it('does not dispatch an event without data, and resets the event type after a blank line', async () => {
    expect(await parse(['event: ping\n\ndata: a\n\n'])).toEqual([msg('a')])
  })

  it('keeps the last event id across events and ignores an id containing NUL', async () => {
    expect(await parse(['id: 7\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\nid\ndata: d\n\n'])).toEqual([
      msg('a', '7'),
      msg('b', '7'),
      msg('c', '7'),
      msg('d', ''),
    ])
  })

  it('sets retry only from ASCII digits', async () => {
    const retries: number[] = []
    await parse(['retry: 2500\n\nretry: 1x\n\nretry:\n\nretry: -5\n\n'], { onRetry: (ms) => retries.push(ms) })
    expect(retries).toEqual([2500])
  })

  it('drops a BOM at the very start only, even split across reads', async () => {
    const bom = enc.encode('\ufeffdata: a\n\n')
    expect(await parse([bom.subarray(0, 1), bom.subarray(1, 2), bom.subarray(2)])).toEqual([msg('a')])
    // A second BOM is part of the field name, which then is not "data".
    expect(await parse(['\ufeff\ufeffdata: a\n\n'])).toEqual([])
  })

  it('decodes UTF-8 split at every byte', async () => {
    const text = 'data: 👩‍👩‍👧 汉字 é\n\n'
    const bytes = enc.encode(text)
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
    expect(await parse(pieces)).toEqual([msg('👩‍👩‍👧 汉字 é')])
  })

  it('replaces invalid UTF-8 with U+FFFD instead of failing', async () => {
    expect(await parse([new Uint8Array([...enc.encode('data: a'), 0xff, ...enc.encode('\n\n')])])).toEqual([
      msg('a\ufffd'),
    ])
  })

  it('discards an event not closed by a blank line at the end, unless asked to dispatch it', async () => {
    expect(await parse(['data: a\n\ndata: b\n'])).toEqual([msg('a')])
    expect(await parse(['data: a\n\ndata: b\n'], { dispatchIncompleteAtEnd: true })).toEqual([msg('a'), msg('b')])
    expect(await parse(['data: a\n\ndata: [DONE]'], { dispatchIncompleteAtEnd: true })).toEqual([
      msg('a'),
      msg('[DONE]'),
    ])
  })

  it('keeps a long line split over many reads intact', async () => {
    const long = 'x'.repeat(100_000)
    const pieces = ['data: ', ...Array.from({ length: 100 }, (_, i) => long.slice(i * 1000, (i + 1) * 1000)), '\n\n']
    expect(await parse(pieces)).toEqual([msg(long)])
  })
})

// A direct, non-incremental reading of the spec over the whole text: the oracle for the property test.
function referenceParse(text: string): SseEvent[] {
  const events: SseEvent[] = []
  let data: string | undefined
  let type = ''
  let lastId = ''
  const body = text.startsWith('\ufeff') ? text.slice(1) : text
  const lines = body.split(/\r\n|\r|\n/)
  lines.pop() // the text after the last line end is not a complete line
  for (const line of lines) {
    if (line === '') {
      if (data !== undefined) events.push({ type: type || 'message', data, lastEventId: lastId })
      data = undefined
      type = ''
      continue
    }
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`
    else if (field === 'event') type = value
    else if (field === 'id' && !value.includes('\0')) lastId = value
  }
  return events
}

const lineArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('data', 'event', 'id', 'retry', 'data', 'data', 'other', ''),
      fc.constantFrom(':', ': ', ':  ', ''),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    )
    .map(([f, sep, v]) => (sep === '' ? f : f + sep + v)),
  fc.constant(''),
  fc.constant(''),
  anyString({ maxLength: 8 }).map((s) => `:${s}`),
)
const streamArb = fc
  .array(
    fc.tuple(
      lineArb.map((l) => l.replace(/[\r\n]/g, '')),
      fc.constantFrom('\n', '\r\n', '\r'),
    ),
    { maxLength: 30 },
  )
  .map((lines) => lines.map(([l, e]) => l + e).join(''))

describe('readSse (property)', () => {
  it('matches a whole-text reading of the spec, however the bytes are split', async () => {
    await fc.assert(
      fc.asyncProperty(streamArb, fc.boolean(), fc.array(fc.nat(), { maxLength: 12 }), async (text, bom, cuts) => {
        const full = (bom ? '\ufeff' : '') + text
        const bytes = enc.encode(full)
        const pieces = splitAt(
          bytes,
          cuts.map((c) => c % (bytes.length + 1)),
        )
        expect(await parse(pieces)).toEqual(referenceParse(full))
      }),
      { numRuns: 500 },
    )
  })
})
