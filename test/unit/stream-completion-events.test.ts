// Chunks → events (OpenAI chat-completions syntax, wire.md): deltas, whole messages, tool calls, usage, errors.
import { describe, expect, it } from 'vitest'
import { createCompletionAccumulator } from '../../src/api/stream/completion-accumulator.js'
import { type CompletionEvent, createCompletionEventMapper } from '../../src/api/stream/completion-events.js'

function run(chunks: unknown[], doneMarker = true) {
  const mapper = createCompletionEventMapper()
  const events: CompletionEvent[] = []
  for (const c of chunks) events.push(...mapper.push(c))
  const { events: last, truncated } = mapper.finish(doneMarker)
  events.push(...last)
  return { events, truncated }
}

const delta = (d: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: d, finish_reason: finish }],
  ...extra,
})

describe('createCompletionEventMapper', () => {
  it('emits meta once, text per delta, and done last with the finish reason', () => {
    const { events } = run([
      delta({ role: 'assistant', content: '' }, null, { id: 'c1', model: 'm' }),
      delta({ content: 'Hi' }, null, { id: 'c1', model: 'm' }),
      delta({ content: null }, 'stop', { id: 'c1', model: 'm' }),
    ])
    expect(events).toEqual([
      { type: 'meta', id: 'c1', model: 'm' },
      { type: 'text', text: 'Hi' },
      { type: 'done', finish_reason: 'stop' },
    ])
  })

  it('assembles tool calls from fragments and emits them at finish_reason, in index order', () => {
    const { events } = run([
      delta({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'second', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'first', arguments: '{"x"' } }] }),
      delta({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      delta({}, 'tool_calls', { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }),
    ])
    const calls = events.filter((e) => e.type === 'tool_call')
    expect(calls).toEqual([
      {
        type: 'tool_call',
        index: 0,
        call: { id: 'a', type: 'function', function: { name: 'first', arguments: '{"x":1}' } },
      },
      {
        type: 'tool_call',
        index: 1,
        call: { id: 'b', type: 'function', function: { name: 'second', arguments: '{}' } },
      },
    ])
    expect(events.filter((e) => e.type === 'tool_call_delta')).toHaveLength(4)
    expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'done'])
  })

  it('matches fragments without an index by id, then by the call being built', () => {
    const { events } = run([
      delta({ tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{' } }] }),
      delta({ tool_calls: [{ function: { arguments: '}' } }] }),
      delta({ tool_calls: [{ id: 'b', function: { name: 'g' } }] }),
      delta({ tool_calls: [{ id: 'a', function: { name: 'f' } }] }),
    ])
    expect(events.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && e.call)).toEqual([
      { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
      { id: 'b', type: 'function', function: { name: 'g', arguments: '' } },
    ])
  })

  it('reads a whole non-streamed completion, with arguments given as an object and a missing id', () => {
    const { events } = run(
      [
        {
          id: 'c9',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: 'ok',
                tool_calls: [{ function: { name: 'f', arguments: { a: 1 } } }],
              },
              finish_reason: 'tool_calls',
            },
          ],
        },
      ],
      false,
    )
    expect(events).toEqual([
      { type: 'meta', id: 'c9', model: undefined },
      { type: 'text', text: 'ok' },
      {
        type: 'tool_call',
        index: 0,
        call: { id: 'call_0', type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
      },
      { type: 'done', finish_reason: 'tool_calls' },
    ])
  })

  it('reads content given as an array of items, skipping images', () => {
    const { events } = run([
      {
        choices: [
          { message: { content: [{ type: 'text', text: 'a' }, { text: 'b' }, { type: 'image_url', image_url: {} }] } },
        ],
      },
    ])
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', text: 'ab' }])
  })

  it('reads only choice 0', () => {
    const { events } = run([
      {
        choices: [
          { index: 1, delta: { content: 'other' } },
          { index: 0, delta: { content: 'mine' } },
        ],
      },
    ])
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', text: 'mine' }])
  })

  it('emits usage from a chunk with empty choices, filling a missing total', () => {
    const { events } = run([{ choices: [], usage: { prompt_tokens: 4, completion_tokens: 5 } }])
    expect(events[0]).toEqual({ type: 'usage', usage: { prompt_tokens: 4, completion_tokens: 5, total_tokens: 9 } })
    expect(run([{ choices: [], usage: null }]).events).toEqual([{ type: 'done', finish_reason: null }])
  })

  it('reads error chunks in object and string form', () => {
    expect(run([{ error: { message: 'bad', code: 42 } }, { error: 'worse' }], false).events).toEqual([
      { type: 'error', message: 'bad', code: '42' },
      { type: 'error', message: 'worse' },
      { type: 'done', finish_reason: null },
    ])
  })

  it('reports truncation when the stream ends with no [DONE], finish_reason or error, dropping partial tool calls', () => {
    const result = run(
      [delta({ content: 'x', tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{"' } }] })],
      false,
    )
    expect(result.truncated).toBe(true)
    expect(result.events.some((e) => e.type === 'tool_call' || e.type === 'done')).toBe(false)
    expect(run([delta({ content: 'x' }, 'cancelled')], false)).toMatchObject({
      truncated: false,
      events: [{ type: 'text' }, { type: 'done', finish_reason: 'cancelled' }],
    })
  })

  it('ignores chunks after the stream finished and values that are not objects', () => {
    const mapper = createCompletionEventMapper()
    expect(mapper.push(null)).toEqual([])
    expect(mapper.push([1, 2])).toEqual([])
    mapper.finish(true)
    expect(mapper.push(delta({ content: 'late' }))).toEqual([])
    expect(mapper.error('late')).toEqual([])
  })
})

describe('createCompletionAccumulator', () => {
  it('collects the final assistant message', () => {
    const acc = createCompletionAccumulator()
    const { events } = run([
      delta({ content: 'Hel' }, null, { id: 'c1', model: 'm' }),
      delta({ reasoning: 'thinking', content: 'lo' }),
      delta({ tool_calls: [{ index: 0, id: 't', function: { name: 'f', arguments: '{}' } }] }),
      { error: { message: 'warn' } },
      delta({}, 'tool_calls', { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
    ])
    for (const e of events) acc.push(e)
    expect(acc.result()).toEqual({
      role: 'assistant',
      content: 'Hello',
      reasoning: 'thinking',
      tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }],
      finish_reason: 'tool_calls',
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      id: 'c1',
      model: 'm',
      errors: ['warn'],
      complete: true,
    })
  })

  it('gives a partial result at any time, and results do not share state', () => {
    const acc = createCompletionAccumulator()
    acc.push({ type: 'text', text: 'a' })
    const first = acc.result()
    acc.push({ type: 'text', text: 'b' })
    expect(first).toMatchObject({ content: 'a', complete: false, finish_reason: null })
    expect(acc.result().content).toBe('ab')
  })
})
