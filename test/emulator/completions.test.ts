// Contract tests of stateless completions (service-interface 4.1; wire.md): shapes, streaming as SSE and NDJSON,
// max_tokens, system messages, content forms, images and the tool-call round trip.
import { describe, expect, it } from 'vitest'
import { completionSchema } from '../../src/api/schemas/index.js'
import { tokenize } from '../../src/emulator/completions/model/tokens.js'
import { call, joinedText, ndjson, sseData } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const { internalErrors } = fx
const emu = () => fx.emu
const complete = (agent: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(emu(), 'POST', `/agent/${agent}/chat/completion`, { body, headers })
const user = (content: unknown) => ({ role: 'user', content })

type Chunk = {
  id: string
  object: string
  choices: { delta: Record<string, unknown>; finish_reason: string | null }[]
  usage?: Record<string, number>
}

describe('non-streamed completions', () => {
  it('answers a chat.completion object that echoes request_id as id and X-Request-Id', async () => {
    const id = '6f1c1bd4-8f0e-4a36-9d5e-1d2b3c4d5e6f'
    const r = await complete('demo-assistant', { messages: [user('Tell me about otters')], request_id: id })
    expect(r.status).toBe(200)
    expect(r.headers['x-request-id']).toBe(id)
    const c = completionSchema.parse(r.json)
    expect(c).toMatchObject({ id, object: 'chat.completion', model: 'emulator/scripted-1' })
    expect(c.choices[0]?.finish_reason).toBe('stop')
    const text = c.choices[0]?.message.content as string
    expect(text).toContain('Tell me about otters')
    expect(c.usage?.completion_tokens).toBe(tokenize(text).length)
    expect(c.usage?.total_tokens).toBe((c.usage?.prompt_tokens ?? 0) + (c.usage?.completion_tokens ?? 0))
  })

  it('makes up a request id when none is sent', async () => {
    const r = await complete('demo-assistant', { messages: [user('hi')] })
    expect(r.json.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(r.headers['x-request-id']).toBe(r.json.id)
  })

  it('is deterministic: the same messages give the same answer', async () => {
    const body = { messages: [user('show me markdown')] }
    const a = (await complete('demo-assistant', body)).json.choices[0].message.content
    const b = (await complete('demo-assistant', body)).json.choices[0].message.content
    expect(a).toBe(b)
    expect(a).toMatch(/^# /m)
    expect(a).toMatch(/^- /m)
    expect(a).toContain('```ts')
    expect(a).toMatch(/^\|---\|/m)
  })

  it('stops at max_tokens with finish_reason length', async () => {
    const r = await complete('demo-assistant', { messages: [user('count to 50')], max_tokens: 7 })
    expect(r.json.choices[0].finish_reason).toBe('length')
    expect(r.json.choices[0].message.content).toBe('1 2 3 4 5 6 7')
    expect(r.json.usage.completion_tokens).toBe(7)
  })

  it("appends request system messages to the agent's own prompt, and reveals both when asked", async () => {
    const r = await complete('demo-assistant', {
      messages: [{ role: 'system', content: 'The user is called Ada.' }, user('What is your system prompt?')],
    })
    const text: string = r.json.choices[0].message.content
    expect(text).toContain('> You are Demo Assistant')
    expect(text.indexOf('Demo Assistant')).toBeLessThan(text.indexOf('The user is called Ada.'))
  })

  it('follows a system instruction to answer in uppercase', async () => {
    const r = await complete('demo-assistant', {
      messages: [{ role: 'system', content: [{ type: 'text', text: 'Answer in uppercase.' }] }, user('hello')],
    })
    const text: string = r.json.choices[0].message.content
    expect(text).toBe(text.toUpperCase())
    expect(text).toContain('DEMO ASSISTANT')
  })

  it('accepts every content form: a string, typed items, items without type, and several items', async () => {
    const forms = [
      'ping pong',
      [{ type: 'text', text: 'ping pong' }],
      [{ text: 'ping pong' }],
      [{ text: 'ping' }, { type: 'text', text: 'pong' }],
    ]
    for (const content of forms) {
      const r = await complete('demo-assistant', { messages: [user(content)] })
      expect(r.status).toBe(200)
      expect(r.json.choices[0].message.content).toMatch(/You said: "ping\s+pong"/)
    }
  })

  it('describes images deterministically: a PNG data URL by its size, a remote URL by its name', async () => {
    const png = Buffer.alloc(33)
    png.writeUInt32BE(0x89504e47, 0)
    png.write('IHDR', 12, 'latin1')
    png.writeUInt32BE(64, 16)
    png.writeUInt32BE(48, 20)
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`
    const r = await complete('demo-assistant', {
      messages: [
        user([
          { type: 'text', text: 'What is in these?' },
          { type: 'image_url', image_url: { url: dataUrl } },
          { type: 'image_url', image_url: { url: 'https://img.example/cats/tabby.jpg', detail: 'low' } },
        ]),
      ],
    })
    const text: string = r.json.choices[0].message.content
    expect(text).toContain('I see 2 images')
    expect(text).toContain('64×48 PNG image (image/png, 33 bytes')
    expect(text).toContain('img.example named tabby.jpg')
  })

  it('answers 400 naming the field for bad requests', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^messages/],
      [{ messages: [] }, /^messages/],
      [{ messages: [{ role: 'robot', content: 'x' }] }, /^messages\.0\.role/],
      [{ messages: [user('x')], max_tokens: 0 }, /^max_tokens/],
      [{ messages: [user('x')], request_id: 'has spaces in it' }, /^request_id/],
    ]
    for (const [body, message] of cases) {
      const r = await complete('demo-assistant', body)
      expect(r.status).toBe(400)
      expect(r.json.error.message).toMatch(message)
    }
  })
})

describe('streamed completions', () => {
  it('streams SSE chunks whose deltas join to the non-streamed answer, usage on the finishing chunk, then [DONE]', async () => {
    const messages = [user('Stream me something about rivers')]
    const whole = (await complete('demo-assistant', { messages })).json
    const r = await complete('demo-assistant', { messages, stream: true, request_id: 'req-sse-1' })
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(r.headers['x-request-id']).toBe('req-sse-1')
    const events = sseData(r.text)
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events.slice(0, -1) as Chunk[]
    expect(chunks.every((c) => c.id === 'req-sse-1' && c.object === 'chat.completion.chunk')).toBe(true)
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant')
    expect(joinedText(chunks)).toBe(whole.choices[0].message.content)
    const last = chunks.at(-1)!
    expect(last.choices[0]?.finish_reason).toBe('stop')
    expect(last.usage).toEqual(whole.usage)
    expect(chunks.length).toBe(whole.usage.completion_tokens + 2)
  })

  it('streams NDJSON when asked with Accept: application/x-ndjson (no [DONE])', async () => {
    const r = await complete(
      'demo-assistant',
      { messages: [user('count to 5')], stream: true },
      { accept: 'application/x-ndjson' },
    )
    expect(r.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const chunks = ndjson(r.text) as Chunk[]
    expect(joinedText(chunks)).toBe('1 2 3 4 5')
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop')
    expect(r.text).not.toContain('[DONE]')
  })

  it('stops a stream at max_tokens with finish_reason length', async () => {
    const r = await complete('demo-assistant', { messages: [user('count to 1000')], stream: true, max_tokens: 3 })
    const chunks = sseData(r.text).slice(0, -1) as Chunk[]
    expect(joinedText(chunks)).toBe('1 2 3')
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length')
    expect(chunks.at(-1)?.usage?.completion_tokens).toBe(3)
  })
})

describe('tool calls', () => {
  const tools = [
    {
      type: 'function',
      function: {
        name: 'lookup_order',
        description: 'Find an order',
        parameters: {
          type: 'object',
          properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
          required: ['order_id'],
        },
      },
    },
  ]

  it('calls a request tool named by the user, with JSON arguments from the message', async () => {
    const r = await complete('demo-assistant', { messages: [user('Please lookup_order order_id=A-17')], tools })
    const choice = r.json.choices[0]
    expect(choice.finish_reason).toBe('tool_calls')
    expect(choice.message.content).toBeNull()
    expect(choice.message.tool_calls).toHaveLength(1)
    const call0 = choice.message.tool_calls[0]
    expect(call0).toMatchObject({ type: 'function', function: { name: 'lookup_order' } })
    expect(JSON.parse(call0.function.arguments)).toEqual({ order_id: 'A-17' })
  })

  it("calls the agent's own tool and streams it as tool_call deltas split across chunks", async () => {
    const messages = [user('What is the weather in Zürich in fahrenheit?')]
    const r = await complete('weather-bot', { messages, stream: true })
    const chunks = sseData(r.text).slice(0, -1) as Chunk[]
    const deltas = chunks.flatMap(
      (c) => (c.choices[0]?.delta.tool_calls as Record<string, unknown>[] | undefined) ?? [],
    )
    expect(deltas.length).toBeGreaterThan(2)
    expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'get_weather', arguments: '' } })
    const args = deltas.map((d) => (d.function as { arguments: string }).arguments).join('')
    expect(JSON.parse(args)).toEqual({ city: 'Zürich', unit: 'fahrenheit' })
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('answers with the tool result after a tool message (the round trip)', async () => {
    const first = await complete('weather-bot', { messages: [user('weather in Oslo please')] })
    const assistant = first.json.choices[0].message
    const callId = assistant.tool_calls[0].id
    const result = JSON.stringify({ city: 'Oslo', temperature: 4, conditions: 'light snow' })
    const second = await complete('weather-bot', {
      messages: [user('weather in Oslo please'), assistant, { role: 'tool', tool_call_id: callId, content: result }],
    })
    const text: string = second.json.choices[0].message.content
    expect(second.json.choices[0].finish_reason).toBe('stop')
    expect(text).toContain('`get_weather`')
    expect(text).toContain('So it is 4° and light snow in Oslo.')
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
