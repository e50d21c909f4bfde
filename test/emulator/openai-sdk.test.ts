// The emulator's completions as the official OpenAI Node SDK (`openai`, a devDependency) parses them (issue 9 item
// 6): a whole completion, a stream (chunks, [DONE], usage), tool calls with request-supplied tools and the round trip
// of their results, and cancel mid-stream. If the emulator drifts from what the SDK accepts, these fail.
//
// How the SDK reaches the emulator: `baseURL` is the emulator's {base_url}, and each call passes the SDK's own
// per-request `path` option (RequestOptions.path) with the interface's completion path,
// `/agent/{agentId}/chat/completion`, in place of OpenAI's `/chat/completions`; nothing else is changed (no custom
// fetch). The API key is the emulator's demo key, sent by the SDK as `Authorization: Bearer`.
import { randomUUID } from 'node:crypto'
import OpenAI from 'openai'
import type { ChatCompletionChunk, ChatCompletionCreateParams, ChatCompletionTool } from 'openai/resources/chat'
import { describe, expect, it } from 'vitest'
import { call } from './core-client.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'

const fx = emulatorFixture({ emulator: { scheduler: false, tokenDelayMs: 2 } })
const emu = () => fx.emu
const { internalErrors } = fx
const sdk = () => new OpenAI({ apiKey: emu().demoApiKey, baseURL: emu().baseUrl, maxRetries: 0 })
const at = (agentId: string) => ({ path: `/agent/${agentId}/chat/completion` })
const user = (content: string) => ({ role: 'user' as const, content })

const weather: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
}

/** The emulator's whole answer, read without the SDK: what the SDK's parse must give back. */
async function plain(agentId: string, text: string) {
  const r = await call(emu(), 'POST', `/agent/${agentId}/chat/completion`, { body: { messages: [user(text)] } })
  return r.json.choices[0].message as { content: string }
}

describe('the openai SDK against the emulator', () => {
  it('parses a whole completion: message, finish_reason, usage, id and the x-request-id', async () => {
    const requestId = randomUUID()
    // request_id is the interface's own member, beside OpenAI's parameters
    const body = { model: 'emulator/scripted-1', messages: [user('show me markdown')], request_id: requestId }
    const { data, request_id } = await sdk()
      .chat.completions.create(body as ChatCompletionCreateParams & { stream?: false }, at('demo-assistant'))
      .withResponse()
    expect(data.object).toBe('chat.completion')
    expect(data.id).toBe(requestId)
    expect(request_id).toBe(requestId)
    expect(data.choices).toHaveLength(1)
    expect(data.choices[0]?.message.role).toBe('assistant')
    expect(data.choices[0]?.message.content).toBe((await plain('demo-assistant', 'show me markdown')).content)
    expect(data.choices[0]?.finish_reason).toBe('stop')
    expect(data.usage?.total_tokens).toBe((data.usage?.prompt_tokens ?? 0) + (data.usage?.completion_tokens ?? 0))
    expect(data.usage?.completion_tokens).toBeGreaterThan(10)
  })

  it('parses a stream: chunk by chunk to [DONE], the text joined, the finish_reason and the usage', async () => {
    const stream = await sdk().chat.completions.create(
      {
        model: 'emulator/scripted-1',
        messages: [user('count to 40')],
        stream: true,
        stream_options: { include_usage: true },
      },
      at('demo-assistant'),
    )
    const chunks: ChatCompletionChunk[] = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(40)
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0]?.id)).toBe(true)
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')
    expect(text).toBe(Array.from({ length: 40 }, (_, i) => i + 1).join(' '))
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0]?.finish_reason)).toEqual(['stop'])
    const usage = chunks.find((c) => c.usage)?.usage
    expect(usage?.completion_tokens).toBe(40)
    // the SDK's own accumulating helper agrees
    const runner = sdk().chat.completions.stream(
      { model: 'emulator/scripted-1', messages: [user('count to 40')], stream_options: { include_usage: true } },
      at('demo-assistant'),
    )
    const final = await runner.finalChatCompletion()
    expect(final.choices[0]?.message.content).toBe(text)
    expect(final.usage?.completion_tokens).toBe(40)
  })

  it('parses tool calls with request-supplied tools, streamed and not, and answers their results', async () => {
    const ask = [user('What is the weather in Paris, in celsius?')]
    const whole = await sdk().chat.completions.create(
      { model: 'emulator/scripted-1', messages: ask, tools: [weather] },
      at('demo-assistant'),
    )
    const choice = whole.choices[0]!
    expect(choice.finish_reason).toBe('tool_calls')
    const calls = choice.message.tool_calls ?? []
    expect(calls).toHaveLength(1)
    const call0 = calls[0]!
    expect(call0.type).toBe('function')
    if (call0.type !== 'function') throw new Error('not a function call')
    expect(call0.function.name).toBe('get_weather')
    expect(JSON.parse(call0.function.arguments)).toEqual({ city: 'Paris', unit: 'celsius' })
    // streamed, the SDK's helper assembles the same call from its deltas
    const streamed = await sdk()
      .chat.completions.stream({ model: 'emulator/scripted-1', messages: ask, tools: [weather] }, at('demo-assistant'))
      .finalChatCompletion()
    expect(streamed.choices[0]?.finish_reason).toBe('tool_calls')
    expect(streamed.choices[0]?.message.tool_calls).toEqual(calls)
    // the result goes back as a tool message; the answer uses it
    const answer = await sdk().chat.completions.create(
      {
        model: 'emulator/scripted-1',
        tools: [weather],
        messages: [
          ...ask,
          { role: 'assistant', content: null, tool_calls: calls },
          { role: 'tool', tool_call_id: call0.id, content: '{"city":"Paris","temperature":18,"conditions":"cloudy"}' },
        ],
      },
      at('demo-assistant'),
    )
    expect(answer.choices[0]?.message.content).toMatch(/So it is 18° and cloudy in Paris\./)
  })

  it('cancel mid-stream: the cancel endpoint reports it, the SDK reads the cancelled chunk and ends at [DONE]', async () => {
    const requestId = randomUUID()
    const body = { model: 'x', messages: [user('count to 100000')], stream: true, request_id: requestId }
    const stream = await sdk().chat.completions.create(
      body as ChatCompletionCreateParams & { stream: true },
      at('demo-assistant'),
    )
    const reasons: (string | null | undefined)[] = []
    let n = 0
    let cancelled: unknown
    for await (const chunk of stream) {
      reasons.push(chunk.choices[0]?.finish_reason)
      if (++n === 5) {
        const r = await call(emu(), 'POST', '/agent/demo-assistant/chat/completion/cancel', {
          body: { request_id: requestId },
        })
        cancelled = r.json
      }
    }
    expect(cancelled).toEqual({ message: 'Request cancelled' })
    expect(n).toBeLessThan(100_000)
    expect(reasons.at(-1)).toBe('cancelled')
    const again = await call(emu(), 'POST', '/agent/demo-assistant/chat/completion/cancel', {
      body: { request_id: requestId },
    })
    expect(again.json).toEqual({ message: 'Request already cancelled' })
  })

  it('cancel, then abort the SDK stream mid-way: the SDK ends its iteration at once, the emulator stops', async () => {
    const requestId = randomUUID()
    const body = { model: 'x', messages: [user('count to 100000')], stream: true, request_id: requestId }
    const stream = await sdk().chat.completions.create(
      body as ChatCompletionCreateParams & { stream: true },
      at('demo-assistant'),
    )
    let n = 0
    const read = async () => {
      for await (const _ of stream) {
        if (++n !== 3) continue
        const r = await call(emu(), 'POST', '/agent/demo-assistant/chat/completion/cancel', {
          body: { request_id: requestId },
        })
        expect(r.json).toEqual({ message: 'Request cancelled' })
        stream.controller.abort()
      }
    }
    // the SDK ends the iteration quietly when its own controller aborts (a user abort is not an error there)
    await read()
    expect(n).toBeLessThan(1000)
    expect(stream.controller.signal.aborted).toBe(true)
    await pollUntil(() => !emu().state.inflight.has(requestId), { timeoutMs: 2000, what: 'the cancel' })
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
