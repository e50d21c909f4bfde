// Client-side message conversion (service-interface 2.8): content arrays → parts, tool call + result → one
// tool-invocation part with state `result`, consecutive messages of one role merged with usage added up.
import { describe, expect, it } from 'vitest'
import { toUiMessages, uiMessageSummary } from '../../src/sdk/messages.js'

describe('toUiMessages', () => {
  it('turns content items into parts: text (with or without type), image_url, reasoning, source, file', () => {
    const [m] = toUiMessages([
      {
        id: 'm1',
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { text: 'untyped' },
          { type: 'image_url', image_url: { url: 'https://x/i.png', detail: 'low' } },
          { type: 'file', file: { name: 'a.pdf', url: 'https://x/a.pdf' } },
          { type: 'unknown-kind', x: 1 },
        ],
      },
    ])
    expect(m).toEqual({
      id: 'm1',
      role: 'user',
      parts: [
        { type: 'text', text: 'look' },
        { type: 'text', text: 'untyped' },
        { type: 'image_url', image_url: { url: 'https://x/i.png', detail: 'low' } },
        { type: 'file', file: { name: 'a.pdf', url: 'https://x/a.pdf' } },
      ],
    })
    const [a] = toUiMessages([
      {
        role: 'assistant',
        reasoning_content: 'thinking',
        content: [
          { type: 'reasoning', text: 'more' },
          { type: 'source', source: { url: 'https://s', title: 'S' } },
        ],
      },
    ])
    expect(a?.parts).toEqual([
      { type: 'reasoning', text: 'thinking' },
      { type: 'reasoning', text: 'more' },
      { type: 'source', source: { url: 'https://s', title: 'S' } },
    ])
  })

  it('joins a tool call and its result into one tool-invocation part with state result, in one assistant turn', () => {
    const out = toUiMessages([
      { id: 'u1', role: 'user', content: 'weather?' },
      {
        id: 'a1',
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
      },
      { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"temp":3}' },
      {
        id: 'a2',
        role: 'assistant',
        content: [{ type: 'text', text: 'It is 3°C.' }],
        usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
      },
    ])
    expect(out).toEqual([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'tool-invocation',
            toolInvocation: {
              state: 'result',
              toolCallId: 'call_1',
              toolName: 'get_weather',
              args: { city: 'Oslo' },
              result: { temp: 3 },
            },
          },
          { type: 'text', text: 'It is 3°C.' },
        ],
        usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
      },
    ])
    expect(uiMessageSummary(out[1]!)).toBe('[get_weather() ✓] It is 3°C.')
  })

  it('a call without its result stays state call; a result without its call is kept; bad JSON stays text', () => {
    const out = toUiMessages([
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{oops' } }] },
      { role: 'user', content: 'next' },
      { role: 'tool', tool_call_id: 'c9', name: 'g', content: 'plain' },
    ])
    expect(out[0]?.parts).toEqual([
      { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId: 'c1', toolName: 'f', args: '{oops' } },
    ])
    expect(out[2]).toEqual({
      role: 'assistant',
      parts: [
        {
          type: 'tool-invocation',
          toolInvocation: { state: 'result', toolCallId: 'c9', toolName: 'g', args: undefined, result: 'plain' },
        },
      ],
    })
  })

  it('merges consecutive messages of one role and adds their usage; other roles break the run', () => {
    const u = (n: number) => ({ prompt_tokens: n, completion_tokens: n, total_tokens: 2 * n })
    const out = toUiMessages([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'a', usage: u(1) },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'c', usage: u(2) },
      { role: 'assistant', content: 'd', usage: u(3) },
      { role: 'user', content: 'e' },
    ])
    expect(out.map((m) => [m.role, m.parts.length, m.usage?.total_tokens])).toEqual([
      ['system', 1, undefined],
      ['user', 2, 2],
      ['assistant', 2, 10],
      ['user', 1, undefined],
    ])
  })
})
