// The scripted model as pure functions: tokens, content forms, tool arguments, image descriptions, determinism.
import fc from 'fast-check'
import { anyString } from '../helpers/code-points.js'
import { describe, expect, it } from 'vitest'
import type { Message, ToolDefinition } from '../../src/api/schemas/index.js'
import { contentParts } from '../../src/emulator/completions/model/content.js'
import { describeImage, imageDimensions } from '../../src/emulator/completions/model/image.js'
import { type ModelInput, modelAgent, scriptedReply } from '../../src/emulator/completions/model/scripted.js'
import { countTokens, tokenize } from '../../src/emulator/completions/model/tokens.js'
import { deriveArguments, mentionIndex, planToolCalls } from '../../src/emulator/completions/model/tools.js'

const agent = { id: 'a', name: 'Agent A', description: 'Tests things', systemPrompt: 'Be brief.' }
const input = (messages: Message[], tools: ToolDefinition[] = [], requestSystem: string[] = []): ModelInput => ({
  agent,
  messages,
  tools,
  requestSystem,
})
const text = (i: ModelInput) => [...scriptedReply(i).tokens].join('')
const weather: ToolDefinition = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
}

describe('tokens', () => {
  it('joins back to the text, and counts what it splits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), anyString(), fc.lorem()), (s) => {
        const tokens = tokenize(s)
        expect(tokens.join('')).toBe(s)
        expect(countTokens(s)).toBe(tokens.length)
        expect(tokens.every((t) => t.length > 0)).toBe(true)
      }),
    )
  })

  it('splits into word-ish pieces with their leading space', () => {
    expect(tokenize('Hello, world!  Ok')).toEqual(['Hello', ',', ' world', '!', '  Ok'])
  })
})

describe('content forms', () => {
  it('reads strings, typed and untyped text items, bare strings and image items', () => {
    expect(contentParts('plain')).toEqual({ text: 'plain', images: [] })
    expect(
      contentParts([
        { type: 'text', text: 'a' },
        { text: 'b' },
        'c',
        { type: 'image_url', image_url: { url: 'https://x/y.png' } },
        { type: 'image_url', image_url: 'data:image/gif;base64,R0lG' },
        { type: 'video', video: 'ignored' },
        42,
      ]),
    ).toEqual({ text: 'a\nb\nc', images: ['https://x/y.png', 'data:image/gif;base64,R0lG'] })
    expect(contentParts(null)).toEqual({ text: '', images: [] })
  })
})

describe('scripted answers', () => {
  it('answers as the agent record says; an agent without a name is its id, missing texts are empty', () => {
    expect(modelAgent(agent)).toEqual(agent)
    expect(modelAgent({ id: 'b', description: null, systemPrompt: null })).toEqual({
      id: 'b',
      name: 'b',
      description: '',
      systemPrompt: '',
    })
  })

  it('depends only on its input', () => {
    const msg = fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string() }) as fc.Arbitrary<Message>
    fc.assert(
      fc.property(fc.array(msg, { minLength: 1, maxLength: 4 }), (messages) => {
        const a = scriptedReply(input(messages, [weather]))
        const b = scriptedReply(input(structuredClone(messages), [weather]))
        expect([...a.tokens]).toEqual([...b.tokens])
        expect(a.toolCalls).toEqual(b.toolCalls)
      }),
    )
  })

  it('counts to N in exactly N tokens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (n) => {
        const tokens = [...scriptedReply(input([{ role: 'user', content: `please count to ${n}` }])).tokens]
        expect(tokens).toHaveLength(n)
        expect(tokens.join('')).toBe(Array.from({ length: n }, (_, i) => i + 1).join(' '))
      }),
      { numRuns: 30 },
    )
  })

  it('reveals the system prompt with the request system messages after it', () => {
    const t = text(input([{ role: 'user', content: 'What is your system prompt?' }], [], ['Extra rule.']))
    expect(t).toBe(
      'My system prompt is:\n\n> Be brief.\n\nFor this request it is supplemented with:\n\n> Extra rule.\n',
    )
  })

  it('mentions the previous user message and the turn number', () => {
    const t = text(
      input([
        { role: 'user', content: 'first thing' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'second thing' },
      ]),
    )
    expect(t).toContain('turn 2')
    expect(t).toContain('Earlier you said: "first thing"')
  })
})

describe('tool calls', () => {
  it('finds a tool by its name, its spaced name, or its noun, but not inside another word', () => {
    expect(mentionIndex('call get_weather now', 'get_weather')).toBe(4)
    expect(mentionIndex('get weather please', 'get_weather')).toBe(0)
    expect(mentionIndex("what's the weather?", 'get_weather')).toBe(10)
    expect(mentionIndex('the weatherman said', 'get_weather')).toBe(-1)
    expect(mentionIndex('x', 'run')).toBe(-1)
  })

  it('derives arguments from phrases, key=value pairs, inline JSON, numbers and enums', () => {
    expect(deriveArguments('weather in Zürich in fahrenheit', weather)).toEqual({ city: 'Zürich', unit: 'fahrenheit' })
    expect(deriveArguments('get_weather city="New York" unit: celsius', weather)).toEqual({
      city: 'New York',
      unit: 'celsius',
    })
    expect(deriveArguments('get_weather {"city": "Lima", "unit": "celsius"}', weather)).toEqual({
      city: 'Lima',
      unit: 'celsius',
    })
    const search: ToolDefinition = {
      type: 'function',
      function: {
        name: 'search_docs',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'integer' }, exact: { type: 'boolean' } },
          required: ['query', 'exact'],
        },
      },
    }
    expect(deriveArguments('search docs about streaming, top 3', search)).toEqual({
      query: 'streaming',
      limit: 3,
      exact: false,
    })
  })

  it('always produces a JSON object of arguments, whatever the text and schema', () => {
    const spec = fc.record(
      { type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'object'), enum: fc.array(fc.jsonValue()) },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), spec), fc.array(fc.string()), (t, properties, required) => {
        const tool: ToolDefinition = { type: 'function', function: { name: 't', parameters: { properties, required } } }
        const args = deriveArguments(t, tool)
        expect(JSON.parse(JSON.stringify(args))).toEqual(args)
      }),
    )
  })

  it('never produces -0, which JSON cannot carry (a property run found it)', () => {
    const tool: ToolDefinition = {
      type: 'function',
      function: { name: 't', parameters: { properties: { n: { type: 'number' } }, required: ['n'] } },
    }
    expect(Object.is(deriveArguments('-0', tool).n, -0)).toBe(false)
  })

  it.each([
    ['an enum holding -0 (a schema parsed from JSON can)', { n: { enum: [-0] } }, 'anything'],
    ['an integer truncated from a negative fraction', { n: { type: 'integer' } }, 'take -0.5'],
    ['a -0 inside inline JSON', { n: { type: 'object' } }, 't {"n": {"m": -0}}'],
  ])('never produces -0 from %s', (_, properties, text) => {
    const tool: ToolDefinition = {
      type: 'function',
      function: { name: 't', parameters: { properties, required: ['n'] } },
    }
    const args = deriveArguments(text, tool)
    expect(JSON.parse(JSON.stringify(args))).toEqual(args)
  })

  it('answers any JSON tool result, even objects whose toString is not a function', () => {
    const hostileKey = fc.constantFrom('toString', 'valueOf', 'temperature', 'city', 'conditions', '__proto__')
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(hostileKey, fc.jsonValue({ maxDepth: 1 })))
    fc.assert(
      fc.property(fc.dictionary(hostileKey, value), (result) => {
        const messages: Message[] = [
          { role: 'user', content: 'weather?' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c', content: JSON.stringify(result) },
        ]
        expect(text(input(messages))).toContain('`get_weather`')
      }),
    )
    const weird = JSON.stringify({ temperature: { toString: null }, city: { valueOf: null, toString: null } })
    const t = text(input([{ role: 'tool', name: 'w', content: weird }]))
    expect(t).toContain('So it is {"toString":null}°')
    const enumTool: ToolDefinition = {
      type: 'function',
      function: {
        name: 't',
        parameters: { properties: { u: { enum: [{ toString: null }] } }, required: [{ toString: null }] },
      },
    }
    expect(deriveArguments('t', enumTool)).toEqual({})
  })

  it('plans calls in the order they are named, with stable ids', () => {
    const other: ToolDefinition = { type: 'function', function: { name: 'send_email' } }
    const calls = planToolCalls('send_email then get_weather in Rome', [weather, other], 'seed')
    expect(calls.map((c) => c.name)).toEqual(['send_email', 'get_weather'])
    expect(calls[0]?.id).toMatch(/^call_[0-9a-f]{24}$/)
    expect(planToolCalls('send_email then get_weather in Rome', [weather, other], 'seed')).toEqual(calls)
    expect(planToolCalls('send_email then get_weather in Rome', [weather, other], 'other')[0]?.id).not.toBe(
      calls[0]?.id,
    )
  })
})

describe('images', () => {
  it('reads the dimensions of GIF and JPEG headers', () => {
    const gif = Buffer.from('GIF89a\x0a\x00\x14\x00', 'latin1')
    expect(imageDimensions(gif)).toEqual({ width: 10, height: 20, format: 'GIF' })
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0, 30, 0, 40, 3, 0, 0])
    expect(imageDimensions(jpeg)).toEqual({ width: 40, height: 30, format: 'JPEG' })
  })

  it('describes data URLs, remote URLs and garbage without throwing', () => {
    expect(describeImage('data:text/plain,hello')).toMatch(/^an inline text\/plain image \(text\/plain, 5 bytes/)
    expect(describeImage('https://cdn.example/a/b%20c.webp')).toContain('cdn.example named b c.webp')
    fc.assert(
      fc.property(anyString(), (s) => {
        expect(typeof describeImage(s)).toBe('string')
        expect(typeof describeImage(`data:${s}`)).toBe('string')
      }),
    )
  })
})
