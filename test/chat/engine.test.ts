// The chat engine in-process against the emulator: turns, history, stateless vs stateful, cancel by request_id,
// dropped and stalled streams, and the tool loop with a local handler.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createChatSession } from '../../src/chat/session.js'
import { collect, emuContext, tempFile, textOf } from './helpers.js'
import { hook, emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { exitCodeOf } from '../../src/errors.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const emu = () => fx.emu

async function fault(rule: Record<string, unknown>): Promise<void> {
  const res = await hook(emu(), 'POST', 'faults', rule)
  expect(res.status).toBe(201)
}

describe('a stateless session', () => {
  it('streams an answer whose text is byte for byte the non-streamed answer to the same messages', async () => {
    const { ctx } = emuContext(emu())
    const streamed = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const whole = await createChatSession({ ctx, agentId: 'demo-assistant', stream: false })
    const a = await collect(streamed.send('show me markdown with a table'))
    const b = await collect(whole.send('show me markdown with a table'))
    expect(a[0]?.type).toBe('start')
    expect(a.at(-1)).toEqual({ type: 'done', finish_reason: 'stop' })
    expect(textOf(a).length).toBeGreaterThan(100)
    expect(textOf(a)).toBe(textOf(b))
    expect(a.some((e) => e.type === 'usage')).toBe(true)
  })

  it('keeps the history and sends it with the next turn', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const t1 = s.send('my number is 42')
    await collect(t1)
    const r1 = await t1.result
    expect(r1.status).toBe('done')
    expect(r1.requestId).toMatch(/^[0-9a-f-]{36}$/)
    const t2 = s.send('what did I say?')
    const e2 = await collect(t2)
    expect(textOf(e2)).toContain('my number is 42')
    expect(s.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(s.history[3]).toEqual({ role: 'assistant', content: textOf(e2) })
  })

  it('honours max tokens (finish_reason length) and counts them', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant', maxTokens: 7 })
    const turn = s.send('count to 100')
    const events = await collect(turn)
    expect(textOf(events)).toBe('1 2 3 4 5 6 7')
    const r = await turn.result
    expect(r.finishReason).toBe('length')
    expect(r.usage?.completion_tokens).toBe(7)
  })

  it('adds the extra system prompt as a system message the agent sees', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant', system: 'Always mention pelicans.' })
    expect(textOf(await collect(s.send('what is your system prompt?')))).toContain('Always mention pelicans.')
    s.setSystem(undefined)
    expect(textOf(await collect(s.send('what is your system prompt?')))).not.toContain('pelicans')
  })

  it('retry drops the last answer and sends the last user message again; reset starts over', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    await collect(s.send('first words'))
    await collect(s.send('second words'))
    const again = await collect(s.retry())
    expect(textOf(again)).toContain('second words')
    expect(s.history.filter((m) => m.role === 'user')).toHaveLength(2)
    await s.reset()
    expect(s.history).toEqual([])
    expect(() => s.retry()).toThrow(/nothing to retry/)
  })

  it('refuses a second send while a turn is in flight', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const t = s.send('hello')
    expect(s.busy).toBe(true)
    expect(() => s.send('again')).toThrow(/still streaming/)
    await collect(t)
    expect(s.busy).toBe(false)
  })
})

describe('keepAnswerText: false (one-shot text output)', () => {
  it('streams the answer but keeps no copy of it, unless a transcript needs it', async () => {
    const { ctx } = emuContext(emu())
    const lean = await createChatSession({ ctx, agentId: 'demo-assistant', keepAnswerText: false })
    const turn = lean.send('count to 20')
    const events = await collect(turn)
    expect(textOf(events)).toBe(Array.from({ length: 20 }, (_, i) => i + 1).join(' '))
    const r = await turn.result
    expect(r.status).toBe('done')
    expect(r.message.content).toBe('')
    expect(lean.history.at(-1)).toEqual({ role: 'assistant', content: '' })

    const path = tempFile('talk.jsonl', '')
    const saved = await createChatSession({
      ctx,
      agentId: 'demo-assistant',
      keepAnswerText: false,
      transcriptPath: path,
    })
    const t2 = saved.send('count to 5')
    await collect(t2)
    expect((await t2.result).message.content).toBe('1 2 3 4 5')
    await saved.close()
    expect(readFileSync(path, 'utf8')).toContain('"content":"1 2 3 4 5"')
  })
})

describe('failures keep what arrived', () => {
  it('an unknown agent fails with exit code 3 and an error event', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'no-such-agent' })
    const t = s.send('hi')
    const events = await collect(t)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'error', kind: 'not_found', exit_code: 3 })
    expect(exitCodeOf((await t.result).error)).toBe(3)
  })

  it('a connection reset mid-stream fails with exit code 8 and keeps the partial text in the history', async () => {
    const { ctx } = emuContext(emu())
    await fault({ match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' }, resetAfterBytes: 900 })
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const t = s.send('count to 500')
    const events = await collect(t)
    const r = await t.result
    expect(r.status).toBe('failed')
    expect(exitCodeOf(r.error)).toBe(8)
    expect(events.at(-1)).toMatchObject({ type: 'error', kind: 'network', exit_code: 8 })
    const partial = textOf(events)
    expect(partial.length).toBeGreaterThan(0)
    expect('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20'.startsWith(partial.slice(0, 20))).toBe(true)
    expect(r.message.content).toBe(partial)
    expect(s.history.at(-1)).toEqual({ role: 'assistant', content: partial })
  })

  it('a stalled stream ends with the idle timeout (exit code 124)', async () => {
    const { ctx } = emuContext(emu(), { AGENTRY_IDLE_TIMEOUT: '0.3' })
    await fault({
      match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      stallMs: 3000,
      stallAfterBytes: 400,
    })
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const t = s.send('count to 100')
    await collect(t)
    expect(exitCodeOf((await t.result).error)).toBe(124)
  })
})

describe('cancel', () => {
  it('cancels on the server by request_id, ends with finish_reason cancelled and keeps the partial answer', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'slow-poet' })
    const before = emu().state.counters.get('completions.cancelled') ?? 0
    const t = s.send('a poem about rain')
    const events = []
    let outcome: Awaited<ReturnType<typeof s.cancel>> | undefined
    for await (const e of t) {
      events.push(e)
      if (e.type === 'text' && outcome === undefined) outcome = await s.cancel()
    }
    const r = await t.result
    expect(outcome?.server).toBe('cancelled')
    expect(outcome?.requestId).toBe(r.requestId)
    expect(r.status).toBe('cancelled')
    expect(r.finishReason).toBe('cancelled')
    expect(events.at(-1)).toEqual({ type: 'done', finish_reason: 'cancelled' })
    expect(emu().state.counters.get('completions.cancelled')).toBe(before + 1)
    expect(s.history.at(-1)).toEqual({ role: 'assistant', content: textOf(events) })
    expect(await s.cancel()).toEqual({ requestId: undefined, server: 'none' })
  })

  it('stops reading after the grace period when the server does not end the stream', async () => {
    const { ctx } = emuContext(emu())
    await fault({
      match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      stallMs: 5000,
      stallAfterBytes: 300,
    })
    const s = await createChatSession({ ctx, agentId: 'demo-assistant', cancelGraceMs: 200 })
    const t = s.send('count to 100')
    const started = Date.now()
    for await (const e of t) if (e.type === 'start') void s.cancel()
    expect((await t.result).status).toBe('cancelled')
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('stateful chats', () => {
  it('creates a chat, sends one message at a time, and the service keeps the history', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant', newChat: true })
    // the id is a UUID made here: nothing was sent yet
    expect(s.chatId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(emu().state.chats.has(s.chatId ?? '')).toBe(false)
    const events = await collect(s.send('remember the word kumquat'))
    expect(events[0]).toMatchObject({ type: 'start', chat_id: s.chatId })
    const again = await createChatSession({ ctx, agentId: 'demo-assistant', chatId: s.chatId })
    expect(textOf(await collect(again.send('which word?')))).toContain('kumquat')
    expect(emu().state.chats.get(s.chatId ?? '')?.messages).toHaveLength(4)
    expect(() => again.setSystem('x')).toThrow(/stateful/)
    expect(() => again.retry()).toThrow(/stateless/)
  })
})

describe('the tool loop', () => {
  const handler = tempFile(
    'handler.mjs',
    `let s = ''
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const args = JSON.parse(s)
  process.stdout.write(JSON.stringify({ tool: process.env.AGENTRY_TOOL_NAME, city: args.city, temperature: 17 }) + '\\n')
})
`,
  )

  it('runs the handler with the arguments on stdin and sends its stdout back as the tool result', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'weather-bot', toolHandler: `node ${handler}` })
    const t = s.send('what is the weather in Oslo?')
    const events = await collect(t)
    const kinds = events.map((e) => e.type)
    expect(kinds.slice(0, 2)).toEqual(['start', 'tool_call'])
    const result = events.find((e) => e.type === 'tool_result')
    expect(result).toMatchObject({ ok: true, name: 'get_weather' })
    expect(JSON.parse(result?.type === 'tool_result' ? result.content : '')).toEqual({
      tool: 'get_weather',
      city: 'Oslo',
      temperature: 17,
    })
    expect(events.filter((e) => e.type === 'start')).toHaveLength(2)
    expect(textOf(events)).toContain('17')
    expect(s.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect((await t.result).finishReason).toBe('stop')
  })

  it('reports a failing handler in the tool result and goes on', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'weather-bot', toolHandler: 'echo broken >&2; exit 3' })
    const t = s.send('weather in Rome')
    const events = await collect(t)
    const result = events.find((e) => e.type === 'tool_result')
    expect(result).toMatchObject({ ok: false })
    expect(result?.type === 'tool_result' && JSON.parse(result.content).error).toMatch(/status 3: broken/)
    expect((await t.result).status).toBe('done')
  })

  it('kills a handler that runs past its timeout', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'weather-bot', toolHandler: 'sleep 10', toolTimeoutMs: 200 })
    const started = Date.now()
    const events = await collect(s.send('weather in Lima'))
    const result = events.find((e) => e.type === 'tool_result')
    expect(result?.type === 'tool_result' && result.content).toMatch(/timed out after 0.2 s/)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('cancel while a handler runs stops it; the turn ends cancelled with every call answered', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'weather-bot', toolHandler: 'sleep 10' })
    const t = s.send('weather in Kyiv')
    const started = Date.now()
    for await (const e of t) if (e.type === 'tool_call') setTimeout(() => void s.cancel(), 100)
    const r = await t.result
    expect(r.status).toBe('cancelled')
    expect(r.finishReason).toBe('cancelled')
    expect(Date.now() - started).toBeLessThan(5000)
    const tool = s.history.at(-1)
    expect(tool?.role).toBe('tool')
    expect(tool?.content).toMatch(/was cancelled/)
  })

  it('an early break ends the turn: the result settles and the session is free', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const t = s.send('count to 100000')
    for await (const e of t) if (e.type === 'text') break
    const r = await t.result
    expect(r.message.content.length).toBeGreaterThan(0)
    expect(s.busy).toBe(false)
    expect(r.status).toBe('cancelled')
    expect(s.history.at(-1)).toEqual({ role: 'assistant', content: r.message.content })
    const next = s.send('hello')
    await collect(next)
    expect((await next.result).status).toBe('done')
    expect(s.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })

  it('without a handler, ends with the tool calls; sendToolResults answers them', async () => {
    const { ctx } = emuContext(emu())
    const s = await createChatSession({ ctx, agentId: 'weather-bot' })
    const t = s.send('weather in Quito')
    await collect(t)
    const r = await t.result
    expect(r.finishReason).toBe('tool_calls')
    const call = r.message.tool_calls[0]
    expect(call?.function.name).toBe('get_weather')
    const answer = await collect(s.sendToolResults([{ tool_call_id: call?.id ?? '', content: '{"temperature":30}' }]))
    expect(textOf(answer)).toContain('30')
    expect(() => s.sendToolResults([{ tool_call_id: 'nope', content: '{}' }])).toThrow(/no tool call nope/)
  })
})
