// The library's chat resource (src/sdk/chat.ts) as the chat engine uses it, against a real emulator: start() before
// the first event, non-streamed answers read as the same events, tool calls and usage, the stateful variant, and
// cancel() with a grace period that lets the service's own `cancelled` chunk end the answer.
import { describe, expect, it } from 'vitest'
import type { CompletionEvent } from '../../src/index.js'
import { createClient, NotFoundError, UsageError } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const client = () => createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
const user = (content: string) => ({ role: 'user' as const, content })
const textOf = (events: CompletionEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('')

async function collect(stream: AsyncIterable<CompletionEvent>): Promise<CompletionEvent[]> {
  const out: CompletionEvent[] = []
  for await (const e of stream) out.push(e)
  return out
}

describe('client.chat', () => {
  it('start() sends the request once and resolves with its request id before any event', async () => {
    const c = client()
    const s = c.chat.stream('demo-assistant', { messages: [user('hello')], request_id: 'req-start-1' })
    expect(s.requestId).toBe('req-start-1')
    const started = await s.start()
    expect(started.requestId).toBe('req-start-1')
    const events = await collect(s)
    expect(textOf(events).length).toBeGreaterThan(0)
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: 'stop' })
    await c.close()
  })

  it('a refused answer rejects start() with the typed error; a bad body is a usage error before sending', async () => {
    const c = client()
    await expect(c.chat.stream('no-such-agent', { messages: [user('hi')] }).start()).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(c.chat.stream('demo-assistant', { messages: [] }).start()).rejects.toBeInstanceOf(UsageError)
    await c.close()
  })

  it('stream: false reads one JSON completion as the same events, byte for byte the streamed text', async () => {
    const c = client()
    const messages = [user('count to 40')]
    const streamed = await collect(c.chat.stream('demo-assistant', { messages }))
    const whole = await collect(c.chat.stream('demo-assistant', { messages, stream: false }))
    expect(textOf(whole)).toBe(textOf(streamed))
    expect(whole.some((e) => e.type === 'usage')).toBe(true)
    const answer = await c.chat.complete('demo-assistant', { messages })
    expect(answer.content).toBe(textOf(streamed))
    expect(answer.usage?.completion_tokens).toBeGreaterThan(0)
    await c.close()
  })

  it('tool calls arrive whole, and their results go back in the next request', async () => {
    const c = client()
    const events = await collect(c.chat.stream('weather-bot', { messages: [user('weather in Quito')] }))
    const call = events.find((e) => e.type === 'tool_call')
    expect(call?.type === 'tool_call' && call.call.function.name).toBe('get_weather')
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: 'tool_calls' })
    if (call?.type !== 'tool_call') throw new Error('no tool call')
    const answer = await collect(
      c.chat.stream('weather-bot', {
        messages: [
          user('weather in Quito'),
          { role: 'assistant', content: null, tool_calls: [{ ...call.call }] },
          { role: 'tool', tool_call_id: call.call.id, name: 'get_weather', content: '{"temperature":31}' },
        ],
      }),
    )
    expect(textOf(answer)).toContain('31')
    await c.close()
  })

  it('a stateful chat takes one message and keeps the conversation on the service', async () => {
    const c = client()
    const chat = c.chats.create('demo-assistant')
    const events = await collect(c.chat.stream('demo-assistant', { chatId: chat.id, message: user('remember me') }))
    expect(events.at(-1)?.type).toBe('done')
    const kept = await c.chats.messages('demo-assistant', chat.id)
    expect(kept.map((m) => m.role)).toEqual(['user', 'assistant'])
    await c.close()
  })

  it('cancel({ graceMs }) keeps reading until the service ends the answer with its cancelled chunk', async () => {
    const c = client()
    const s = c.chat.stream('slow-poet', { messages: [user('a long poem')] })
    const events: CompletionEvent[] = []
    let answer: Promise<{ answer: string }> | undefined
    for await (const e of s) {
      events.push(e)
      if (e.type === 'text' && answer === undefined) answer = s.cancel({ graceMs: 5000 })
    }
    expect((await answer)?.answer).toBe('cancelled')
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: 'cancelled' })
    await c.close()
  })

  it('the request signal aborts the read with its reason', async () => {
    const c = client()
    const abort = new AbortController()
    const s = c.chat.stream('slow-poet', { messages: [user('a long poem')], signal: abort.signal })
    const err = await (async () => {
      for await (const e of s) if (e.type === 'text') abort.abort(new Error('stop here'))
    })().catch((e: unknown) => e)
    expect((err as Error).message).toBe('stop here')
    await c.close()
  })
})
