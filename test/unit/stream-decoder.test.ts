// Format choice and sniffing, [DONE], malformed input (a 2xx that is not a completion is exit 7, a cut stream exit 8),
// reasoning, and the async reader: idle timeout, abort, early exit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type CompletionEvent,
  decodeCompletionStream,
  formatForContentType,
  readStreamItems,
  type StreamFormat,
  StreamFormatError,
  StreamIdleTimeoutError,
  StreamTruncatedError,
} from '../../src/api/stream/decoder.js'
import { ExitCode, exitCodeOf, TimeoutError } from '../../src/errors.js'
import { bodyOf, readAll } from '../helpers/split-bytes.js'

const enc = new TextEncoder()
const chunk = (content: string, finish: string | null = null) =>
  JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  })
const texts = (events: CompletionEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.text] : []))

async function decodeAll(text: string, contentType?: string) {
  const { items, error } = await readAll(decodeCompletionStream(bodyOf([text]), contentType))
  return { events: items, failure: error as Error | undefined }
}

describe('formatForContentType', () => {
  it('maps media types, ignoring case and parameters', async () => {
    expect(formatForContentType('Text/Event-Stream; charset=UTF-8')).toBe('sse')
    expect(formatForContentType('application/x-ndjson')).toBe('ndjson')
    expect(formatForContentType('application/jsonl')).toBe('ndjson')
    expect(formatForContentType('application/json; charset=utf-8')).toBe('json-or-ndjson')
    expect(formatForContentType('text/plain')).toBe('sniff')
    expect(formatForContentType('text/html; charset=utf-8')).toBe('page')
    expect(formatForContentType(undefined)).toBe('sniff')
    expect(formatForContentType('')).toBe('sniff')
  })
})

describe('readStreamItems sniffing', () => {
  const sniffed = async (text: string, contentType?: string) => {
    let format: StreamFormat | undefined
    const { items } = await readAll(readStreamItems(bodyOf([text]), contentType, { onFormat: (f) => (format = f) }))
    return { format, items }
  }

  it('picks SSE for data:, event: or a comment, after a BOM and blank lines', async () => {
    expect((await sniffed(`data: ${chunk('a')}\n\n`)).format).toBe('sse')
    expect((await sniffed(`event: message\ndata: ${chunk('a')}\n\n`)).format).toBe('sse')
    expect(await sniffed(`\ufeff\r\n: hi\n\ndata: ${chunk('a')}\n\n`)).toMatchObject({
      format: 'sse',
      items: [{ kind: 'chunk' }],
    })
  })

  it('picks NDJSON for a first line that is a whole JSON value', async () => {
    expect(await sniffed(`\n  ${chunk('a')}\n${chunk('b')}\n`)).toMatchObject({ format: 'ndjson', items: [{}, {}] })
  })

  it('picks one JSON document when the first line does not parse on its own (pretty-printed)', async () => {
    const pretty = JSON.stringify(JSON.parse(chunk('a', 'stop')), null, 2)
    expect(await sniffed(pretty)).toMatchObject({ format: 'json', items: [{ kind: 'chunk' }] })
    expect(await sniffed(pretty, 'application/json')).toMatchObject({ format: 'json', items: [{ kind: 'chunk' }] })
    expect(await sniffed(`${chunk('a')}\n${chunk('b')}\n`, 'application/json')).toMatchObject({ format: 'ndjson' })
  })

  it('decides only once the first line is complete, whatever the read sizes', async () => {
    const formats: (StreamFormat | undefined)[] = []
    let format: StreamFormat | undefined
    const reads: number[] = []
    async function* body() {
      yield enc.encode('  {"choices"')
      formats.push(format)
      reads.push(seen)
      yield enc.encode(':[]}\n{"a":1}\n')
    }
    let seen = 0
    for await (const _ of readStreamItems(body(), undefined, { onFormat: (f) => (format = f) })) seen++
    expect(formats).toEqual([undefined])
    expect(reads).toEqual([0])
    expect(seen).toBe(2)
    expect(format).toBe('ndjson')
  })

  it.each(['text/html; charset=utf-8', undefined, 'application/json', 'text/plain'])(
    'refuses an HTML page sent as %s, by its Content-Type or by its first byte, as one malformed item',
    async (type) => {
      const { items } = await sniffed('<!doctype html>\n<html><body>Sign in</body></html>\n', type)
      expect(items).toMatchObject([{ kind: 'malformed', atEnd: false }])
    },
  )

  it('yields nothing for an empty body', async () => {
    expect(await sniffed('')).toEqual({ format: undefined, items: [] })
    expect(await sniffed(' \n\n ')).toEqual({ format: undefined, items: [] })
  })
})

describe('decodeCompletionStream events', () => {
  it('stops at [DONE] and ignores anything after it', async () => {
    const { events, failure } = await decodeAll(
      `data: ${chunk('a')}\n\ndata: [DONE]\n\ndata: ${chunk('late')}\n\ngarbage\n`,
      'text/event-stream',
    )
    expect(failure).toBeUndefined()
    expect(texts(events)).toEqual(['a'])
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: null })
  })

  it('accepts [DONE] with stray whitespace around it', async () => {
    const { events, failure } = await decodeAll(`data: ${chunk('a')}\n\ndata:  [DONE] \n\n`, 'text/event-stream')
    expect(failure).toBeUndefined()
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: null })
  })

  it('fails with a StreamFormatError naming the SSE event, keeping the events before it', async () => {
    const { events, failure } = await decodeAll(
      `data: ${chunk('a')}\n\n: c\n\ndata: {oops\n\ndata: ${chunk('b')}\n\n`,
      'text/event-stream',
    )
    expect(texts(events)).toEqual(['a'])
    expect(failure).toBeInstanceOf(StreamFormatError)
    expect(failure?.message).toMatch(/server-sent event 2 is not valid JSON/)
    expect(failure?.message).toContain('{oops')
  })

  it('fails with a StreamFormatError naming the NDJSON line', async () => {
    const { events, failure } = await decodeAll(
      `${chunk('a')}\n\n<html>\n${chunk('b', 'stop')}\n`,
      'application/x-ndjson',
    )
    expect(texts(events)).toEqual(['a'])
    expect(failure).toBeInstanceOf(StreamFormatError)
    expect(failure?.message).toMatch(/NDJSON line 3/)
  })

  it('reads an SSE error event given as plain text or JSON, and ignores unknown events with non-JSON data', async () => {
    const { events, failure } = await decodeAll(
      'event: ping\ndata: hello\n\nevent: error\ndata: {"message":"flat"}\n\nevent: error\ndata: boom\n\n',
      'text/event-stream',
    )
    expect(failure).toBeUndefined()
    expect(events).toEqual([
      { type: 'error', message: 'flat' },
      { type: 'error', message: 'boom' },
      { type: 'done', finish_reason: null },
    ])
  })

  it('reads a chunk cut off at the end as truncation, not as a format error', async () => {
    expect((await decodeAll(`${chunk('a')}\n{"choi`, 'application/x-ndjson')).failure).toBeInstanceOf(
      StreamTruncatedError,
    )
    expect((await decodeAll(`data: ${chunk('a')}\n\ndata: {"choi`, 'text/event-stream')).failure).toBeInstanceOf(
      StreamTruncatedError,
    )
    // After a finish_reason the stream is complete; a cut-off trailing usage chunk does not make it fail.
    expect((await decodeAll(`${chunk('a', 'stop')}\n{"usa`, 'application/x-ndjson')).failure).toBeUndefined()
  })

  it('ignores input after it has failed or finished, in the same read or later ones', async () => {
    const after = await readAll(
      decodeCompletionStream(bodyOf(['data: [DONE]\n\ndata: {"x', `\n\ndata: ${chunk('x')}\n\n`]), 'text/event-stream'),
    )
    expect(after).toEqual({ items: [{ type: 'done', finish_reason: null }], error: undefined })
    const failed = await decodeAll(`data: {oops\n\ndata: ${chunk('x', 'stop')}\n\n`, 'text/event-stream')
    expect(failed.events).toEqual([])
    expect(failed.failure).toBeInstanceOf(StreamFormatError)
  })

  it('reads a 2xx that is not a completion as a format error (exit 7), not as a dropped connection', async () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['{"choices": [', 'application/json', /JSON response body is not valid JSON/],
      ['{"choices": [\n  {"index": 0,', 'application/json', /JSON response body is not valid JSON/],
      ['{"hello": "world"}', 'application/json', /JSON response body is not a chat completion/],
      ['<html><body>502 Bad Gateway</body></html>', 'text/html', /answered with a page \(text\/html\)/],
      ['\n\n<!DOCTYPE html><html>', undefined, /answered with a page/],
      [
        'Bad Gateway\n',
        'text/plain',
        /the server's answer \(text\/plain\) is not a completion stream \(got "Bad Gateway"\)/,
      ],
      ['OK', undefined, /the server's answer is not a completion stream/],
    ]
    for (const [body, type, message] of cases) {
      const { events, failure } = await decodeAll(body, type)
      expect(events).toEqual([])
      expect(failure).toBeInstanceOf(StreamFormatError)
      expect(exitCodeOf(failure)).toBe(ExitCode.server)
      expect(failure?.message).toMatch(message)
    }
  })

  it('still reads a sniffed stream that starts with an unknown field, and keep-alives alone as a dropped stream', async () => {
    const unknownFirst = await decodeAll(`x-trace: 1\n\ndata: ${chunk('a', 'stop')}\n\ndata: [DONE]\n\n`, 'text/plain')
    expect(unknownFirst.failure).toBeUndefined()
    expect(texts(unknownFirst.events)).toEqual(['a'])
    // a body of SSE comments only: a stream that began and was cut, not a body of another kind
    expect((await decodeAll(': keep-alive\n\n', undefined)).failure).toBeInstanceOf(StreamTruncatedError)
    // the refusal needs the whole body: a long text split anywhere is refused alike
    const long = `Service Unavailable. ${'x'.repeat(500)}`
    const split = await readAll(
      decodeCompletionStream(bodyOf([long.slice(0, 3), long.slice(3, 9), long.slice(9)]), undefined),
    )
    expect((split.error as Error).message).toMatch(/not a completion stream \(got "Service Unavailable\. x+…"\)/)
  })

  it('reads reasoning from delta.reasoning, reasoning_content or reasoning_details, once each, before the text', async () => {
    const delta = (d: Record<string, unknown>) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: d }] })}\n\n`
    const body = [
      delta({ reasoning: 'a', reasoning_details: [{ type: 'reasoning.text', text: 'a' }] }),
      delta({ reasoning_content: 'b' }),
      delta({
        reasoning_details: [
          { type: 'reasoning.summary', summary: 'c' },
          { type: 'reasoning.encrypted', data: 'x' },
        ],
      }),
      delta({ reasoning: null, content: 'answer' }),
      `data: ${chunk('', 'stop')}\n\ndata: [DONE]\n\n`,
    ]
    const { items } = await readAll(decodeCompletionStream(bodyOf([body.join('')]), 'text/event-stream'))
    expect(items.filter((e) => e.type === 'reasoning' || e.type === 'text')).toEqual([
      { type: 'reasoning', text: 'abc' },
      { type: 'text', text: 'answer' },
    ])
  })
})

// An async body that yields the given pieces, then never settles; records whether it was released.
function stalledBody(pieces: string[]) {
  const state = { returned: false }
  const body: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      let i = 0
      return {
        next: () =>
          i < pieces.length ? Promise.resolve({ done: false, value: enc.encode(pieces[i++]!) }) : new Promise(() => {}),
        return: () => {
          state.returned = true
          return Promise.resolve({ done: true, value: undefined })
        },
      }
    },
  }
  return { body, state }
}

async function collect(iterable: AsyncIterable<CompletionEvent>) {
  const events: CompletionEvent[] = []
  try {
    for await (const e of iterable) events.push(e)
  } catch (error) {
    return { events, error }
  }
  return { events, error: undefined }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('decodeCompletionStream', () => {
  // the idle timer, the body's pauses and the abort run on a fake clock, moved on by the tests: no real waiting, and
  // no race with a loaded machine
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('throws StreamIdleTimeoutError when no bytes arrive for idleTimeoutMs, after yielding what came before', async () => {
    const { body, state } = stalledBody([`data: ${chunk('partial')}\n\n`])
    const started = Date.now()
    const collected = collect(decodeCompletionStream(body, 'text/event-stream', { idleTimeoutMs: 50 }))
    await vi.advanceTimersByTimeAsync(49)
    expect(state.returned).toBe(false)
    await vi.runAllTimersAsync()
    const { events, error } = await collected
    expect(Date.now() - started).toBe(50)
    expect(texts(events)).toEqual(['partial'])
    expect(error).toBeInstanceOf(StreamIdleTimeoutError)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(exitCodeOf(error)).toBe(ExitCode.timeout)
    expect((error as Error).message).toBe('the stream stalled: no data received for 50 ms')
    expect(state.returned).toBe(true)
  })

  it('resets the idle timer on every read, keep-alive comments included', async () => {
    async function* body() {
      for (let i = 0; i < 6; i++) {
        await delay(20)
        yield enc.encode(': keep-alive\n\n')
      }
      yield enc.encode(`data: ${chunk('ok', 'stop')}\n\ndata: [DONE]\n\n`)
    }
    const collected = collect(decodeCompletionStream(body(), 'text/event-stream', { idleTimeoutMs: 50 }))
    await vi.runAllTimersAsync()
    const { events, error } = await collected
    expect(error).toBeUndefined()
    expect(texts(events)).toEqual(['ok'])
  })

  it('throws the abort reason when the signal fires while waiting, and releases the body', async () => {
    const { body, state } = stalledBody([`data: ${chunk('a')}\n\n`])
    const controller = new AbortController()
    const reason = new Error('stopped by user')
    setTimeout(() => controller.abort(reason), 20)
    const collected = collect(decodeCompletionStream(body, 'text/event-stream', { signal: controller.signal }))
    await vi.runAllTimersAsync()
    const { events, error } = await collected
    expect(texts(events)).toEqual(['a'])
    expect(error).toBe(reason)
    expect(state.returned).toBe(true)
  })

  it('stops reading at [DONE] and releases the body even if more is coming', async () => {
    const { body, state } = stalledBody([`data: ${chunk('a', 'stop')}\n\ndata: [DONE]\n\n`])
    const { events, error } = await collect(decodeCompletionStream(body, 'text/event-stream', { idleTimeoutMs: 5_000 }))
    expect(error).toBeUndefined()
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: 'stop' })
    expect(state.returned).toBe(true)
  })

  it('releases the body when the consumer stops early', async () => {
    const { body, state } = stalledBody([`data: ${chunk('a')}\n\ndata: ${chunk('b')}\n\n`])
    for await (const e of decodeCompletionStream(body, 'text/event-stream')) if (e.type === 'text') break
    expect(state.returned).toBe(true)
  })

  it('passes on an error thrown by the body (e.g. a reset connection)', async () => {
    const reset = new Error('ECONNRESET')
    async function* body() {
      yield enc.encode(`data: ${chunk('a')}\n\n`)
      throw reset
    }
    const { events, error } = await collect(
      decodeCompletionStream(body(), 'text/event-stream', { idleTimeoutMs: 1_000 }),
    )
    expect(texts(events)).toEqual(['a'])
    expect(error).toBe(reset)
  })
})
