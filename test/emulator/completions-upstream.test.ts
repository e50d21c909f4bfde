// --upstream-url: completions relayed to an OpenAI-compatible server, streamed through in the emulator's format.
import OpenAI from 'openai'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../src/emulator/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { chunkFrame, fakeUpstream } from '../helpers/fake-upstream.js'
import { call, joinedText, sseData } from './core-client.js'

let emu: Emulator
let broken: Emulator
const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  chunkFrame('m', delta, finish, extra)

const upstream = fakeUpstream(({ body }, res) => {
  const last = JSON.stringify((body.messages as unknown[]).at(-1))
  if (last.includes('rate limit me')) {
    res
      .writeHead(429, { 'content-type': 'application/json', 'retry-after': '7', 'x-ratelimit-remaining-requests': '0' })
      .end('{"error":{"message":"slow down"}}')
    return
  }
  if (last.includes('fail')) {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
    return
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  if (last.includes('tool')) {
    res.write(
      chunk({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } },
        ],
      }),
    )
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Rome"}' } }] }))
    res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`)
    return
  }
  res.write(chunk({ role: 'assistant', content: 'Hello' }))
  res.write(chunk({ content: ' from upstream' }))
  res.end(
    `${chunk({}, 'stop', { usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } })}data: [DONE]\n\n`,
  )
})
const seen = upstream.seen
// registered after the upstream's hook: the options are read once it listens
const fx = emulatorFixture({
  emulator: () => ({
    scheduler: false,
    upstreamUrl: `${upstream.origin}/v1/`,
  }),
})
const brokenFx = emulatorFixture({ emulator: { scheduler: false, upstreamUrl: 'http://127.0.0.1:1/v1' } })
beforeAll(() => {
  emu = fx.emu
  broken = brokenFx.emu
})

describe('upstream relay', () => {
  it('sends the agent model, its system prompt first and typed content to {upstream}/chat/completions', async () => {
    seen.length = 0
    const r = await call(emu, 'POST', '/agent/demo-assistant/chat/completion', {
      body: {
        messages: [
          { role: 'system', content: 'Extra.' },
          { role: 'user', content: [{ text: 'hi' }] },
        ],
        max_tokens: 9,
        request_id: 'rel-1',
      },
    })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ id: 'rel-1', object: 'chat.completion', model: 'emulator/scripted-1' })
    expect(r.json.choices[0]).toMatchObject({
      message: { role: 'assistant', content: 'Hello from upstream' },
      finish_reason: 'stop',
    })
    expect(r.json.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 })
    expect(seen[0]?.path).toBe('/v1/chat/completions')
    expect(seen[0]?.body).toMatchObject({ model: 'emulator/scripted-1', stream: true, max_tokens: 9 })
    const messages = seen[0]?.body.messages as { role: string; content: unknown }[]
    expect(messages[0]?.role).toBe('system')
    expect(messages[0]?.content).toMatch(/^You are Demo Assistant[\s\S]*\n\nExtra\.$/)
    expect(messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'hi' }] })
  })

  it('streams the upstream answer through as SSE chunks with the request id', async () => {
    const r = await call(emu, 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [{ role: 'user', content: 'hi' }], stream: true, request_id: 'rel-2' },
    })
    const events = sseData(r.text)
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events.slice(0, -1) as { id: string; choices: { finish_reason: string | null }[] }[]
    expect(chunks.every((c) => c.id === 'rel-2')).toBe(true)
    expect(joinedText(chunks)).toBe('Hello from upstream')
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop')
  })

  it('relays upstream tool calls', async () => {
    const r = await call(emu, 'POST', '/agent/weather-bot/chat/completion', {
      body: { messages: [{ role: 'user', content: 'use a tool' }] },
    })
    expect(r.json.choices[0].finish_reason).toBe('tool_calls')
    expect(r.json.choices[0].message.tool_calls).toEqual([
      { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ])
    expect(seen.at(-1)?.body.tools).toHaveLength(1)
  })

  it('answers 502 when the upstream fails or cannot be reached', async () => {
    const failed = await call(emu, 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [{ role: 'user', content: 'please fail' }], stream: true },
    })
    expect(failed.status).toBe(502)
    expect(failed.json.error.message).toMatch(/upstream answered 503/)
    const unreachable = await call(broken, 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(unreachable.status).toBe(502)
    expect(unreachable.json.error.message).toMatch(/unreachable/)
  })

  it('passes an upstream 429 on with its Retry-After and rate-limit headers, as the openai SDK reads them', async () => {
    const sdk = new OpenAI({ apiKey: emu.demoApiKey, baseURL: emu.baseUrl, maxRetries: 0 })
    const err = await sdk.chat.completions
      .create(
        { model: 'm', messages: [{ role: 'user', content: 'please rate limit me' }], stream: true },
        { path: '/agent/demo-assistant/chat/completion' },
      )
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OpenAI.RateLimitError)
    const limited = err as InstanceType<typeof OpenAI.RateLimitError>
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.headers.get('x-ratelimit-remaining-requests')).toBe('0')
    expect(limited.message).toMatch(/rate limited: .*slow down/)
  })
})
