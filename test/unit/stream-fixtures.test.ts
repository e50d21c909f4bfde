// Recorded example streams (test/fixtures/streams): the decoded result of each, and the property that splitting the
// bytes anywhere, into any number of reads, yields exactly the events of feeding them in one piece (the text pieces
// of one read come joined, so events are compared with adjacent text joined).
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type CompletionEvent,
  createCompletionAccumulator,
  decodeCompletionStream,
  StreamTruncatedError,
} from '../../src/api/stream/decoder.js'
import { bodyOf, readAll, splitAt } from '../helpers/split-bytes.js'

const dir = fileURLToPath(new URL('../fixtures/streams/', import.meta.url))
const contentTypes: Record<string, string> = {
  sse: 'text/event-stream; charset=utf-8',
  ndjson: 'application/x-ndjson',
  json: 'application/json',
}
const fixtures = readdirSync(dir)
  .filter((name) => !name.startsWith('.'))
  .sort()
  .map((name) => ({
    name,
    bytes: new Uint8Array(readFileSync(dir + name)),
    type: contentTypes[name.split('.').pop()!],
  }))

interface Outcome {
  events: CompletionEvent[]
  failure: string | undefined
}

async function decode(pieces: Uint8Array[], contentType: string | undefined): Promise<Outcome> {
  const { items, error } = await readAll(decodeCompletionStream(bodyOf(pieces), contentType))
  return { events: joinText(items), failure: (error as Error | undefined)?.name }
}

/**
 * expect(got).toEqual(want) for a check made thousands of times (every split point): the outcomes' JSON texts are
 * compared first, and vitest's deep equality (with its diff) runs only when they differ. An outcome is JSON data
 * (strings, numbers, null, objects and arrays decoded from the stream; members left undefined are absent from the text
 * as toEqual ignores them), so equal texts are equal outcomes; a text that differs only in key order goes on to
 * toEqual, which decides. The deep equality cost ~2× the decoding itself (1.0 s of CPU for the largest fixture).
 */
function expectSame(got: Outcome, want: Outcome, wantText: string): void {
  if (JSON.stringify(got) !== wantText) expect(got).toEqual(want)
}

/** The events with adjacent text (and reasoning) pieces joined: how many pieces a read holds depends on the split. */
function joinText(events: CompletionEvent[]): CompletionEvent[] {
  const out: CompletionEvent[] = []
  for (const e of events) {
    const last = out.at(-1)
    if ((e.type === 'text' || e.type === 'reasoning') && last?.type === e.type)
      out[out.length - 1] = { ...last, text: last.text + e.text }
    else out.push(e)
  }
  return out
}

const usage = (p: number, c: number, t: number) => ({ prompt_tokens: p, completion_tokens: c, total_tokens: t })
const basic = { content: 'Hello, world! How can I help?', finish_reason: 'stop', usage: usage(12, 7, 19) }

// Expected results, written by hand from the fixture files.
const expected: Record<string, Record<string, unknown>> = {
  'json-completion.json': {
    id: 'chatcmpl-9',
    content: 'Here is the weather.',
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
    finish_reason: 'tool_calls',
    usage: usage(5, 9, 14),
  },
  'ndjson-basic.ndjson': { content: 'Plain NDJSON text.', finish_reason: 'stop', usage: usage(12, 7, 19) },
  'ndjson-error-chunk.ndjson': { content: 'Before the failure', errors: ['model crashed'], finish_reason: null },
  'ndjson-truncated.ndjson': { content: 'Cut off', complete: false, failure: 'StreamTruncatedError' },
  'ndjson-whole-message.ndjson': { content: 'Whole messages.', finish_reason: 'stop', usage: undefined },
  'sse-cancelled.sse': { content: 'Once upon a time', finish_reason: 'cancelled' },
  'sse-cr.sse': basic,
  'sse-crlf.sse': basic,
  'sse-error-text.sse': { content: 'Thinking', errors: ['rate limit exceeded'], finish_reason: null },
  'sse-keepalive-error.sse': { content: 'Partial answer', errors: ['upstream model overloaded'], finish_reason: null },
  'sse-lf.sse': basic,
  'sse-mixed-endings.sse': { content: 'Mixed line endings', errors: ['quota exceeded'], finish_reason: null },
  'sse-multiline-data.sse': { content: 'line one\nline two and more', finish_reason: 'length' },
  'sse-tool-calls.sse': {
    content: 'Let me check.',
    tool_calls: [
      {
        id: 'call_abc',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city": "Zürich", "unit": "celsius"}' },
      },
      {
        id: 'call_def',
        type: 'function',
        function: { name: 'search', arguments: '{"query": "weather \\"today\\"", "limit": 3}' },
      },
    ],
    finish_reason: 'tool_calls',
    usage: usage(40, 30, 70),
  },
  'sse-reasoning.sse': {
    content: 'Hello there!',
    reasoning: 'The user greets me; answer briefly.',
    finish_reason: 'stop',
    usage: { ...usage(9, 21, 30), completion_tokens_details: { reasoning_tokens: 14 } },
  },
  'sse-truncated.sse': { content: 'The answer is forty', complete: false, failure: 'StreamTruncatedError' },
  'sse-utf8.sse': { content: 'こんにちは、世界！ 👋🏽 👩‍👩‍👧 汉字 한국어 e\u0301 𝄞', finish_reason: 'stop' },
  'sse-whole-message.sse': { content: 'First part. Second part.', finish_reason: 'stop', usage: usage(12, 7, 19) },
}

describe('recorded streams', () => {
  it('has an expectation for every fixture file', () => {
    expect(fixtures.map((f) => f.name)).toEqual(Object.keys(expected).sort())
  })

  for (const { name, bytes, type } of fixtures) {
    describe(name, () => {
      const wholeOutcome = decode([bytes], type)

      it('decodes to the expected assistant message', async () => {
        const whole = await wholeOutcome
        const acc = createCompletionAccumulator()
        for (const e of whole.events) acc.push(e)
        const want = expected[name]!
        const { failure, ...message } = want
        expect(whole.failure).toBe(failure)
        expect(acc.result()).toMatchObject({
          role: 'assistant',
          reasoning: '',
          tool_calls: [],
          errors: [],
          complete: true,
          ...(failure === undefined ? {} : { finish_reason: null }),
          ...message,
        })
        if (acc.result().complete) expect(whole.events.at(-1)?.type).toBe('done')
      })

      it('decodes alike when the Content-Type is absent (sniffed)', async () => {
        const whole = await wholeOutcome
        expect(await decode([bytes], undefined)).toEqual(whole)
        expect(await decode([bytes], 'application/octet-stream')).toEqual(whole)
      })

      it('yields the same events for every single split point and byte by byte', async () => {
        const whole = await wholeOutcome
        const text = JSON.stringify(whole)
        for (let i = 0; i <= bytes.length; i++) expectSame(await decode(splitAt(bytes, [i]), type), whole, text)
        const bytewise = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
        expect(await decode(bytewise, type)).toEqual(whole)
      })

      it('yields the same events for arbitrary splits (property)', async () => {
        const whole = await wholeOutcome
        const text = JSON.stringify(whole)
        await fc.assert(
          fc.asyncProperty(fc.array(fc.nat({ max: bytes.length }), { maxLength: 40 }), async (points) => {
            expectSame(await decode(splitAt(bytes, points), type), whole, text)
          }),
          { numRuns: 150 },
        )
      })
    })
  }

  it('decodeCompletionStream yields the same events from an async body split anywhere', async () => {
    const sample = fixtures.filter((f) =>
      ['sse-tool-calls.sse', 'sse-utf8.sse', 'ndjson-basic.ndjson'].includes(f.name),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sample),
        fc.array(fc.nat({ max: 5000 }), { maxLength: 20 }),
        async ({ bytes, type }, raw) => {
          const pieces = splitAt(
            bytes,
            raw.map((p) => p % (bytes.length + 1)),
          )
          const events: CompletionEvent[] = []
          for await (const e of decodeCompletionStream(bodyOf(pieces), type)) events.push(e)
          expect({ events: joinText(events), failure: undefined }).toEqual(await decode([bytes], type))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('decodeCompletionStream keeps the text of a truncated stream and then throws StreamTruncatedError', async () => {
    const { bytes, type } = fixtures.find((f) => f.name === 'sse-truncated.sse')!
    async function* body() {
      yield bytes.subarray(0, 100)
      yield bytes.subarray(100)
    }
    const texts: string[] = []
    const run = async () => {
      for await (const e of decodeCompletionStream(body(), type)) if (e.type === 'text') texts.push(e.text)
    }
    await expect(run()).rejects.toBeInstanceOf(StreamTruncatedError)
    expect(texts.join('')).toBe('The answer is forty')
  })
})
