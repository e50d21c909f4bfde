// Cancel semantics (service-interface 4.2; wire.md "Requests and identifiers") and client disconnects.
import { randomUUID } from 'node:crypto'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { demoKeys } from '../../src/emulator/index.js'
import { call, joinedText, sseData, workspaceMessage, workspaceMessages } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'

const fx = emulatorFixture({ emulator: { ...quietEmulator, tokenDelayMs: 5 } })
const { internalErrors } = fx
const emu = () => fx.emu
const user = (content: string) => ({ role: 'user', content })

/** Starts a slow stream and resolves once its first bytes arrived; `rest()` reads it to the end. */
async function startStream(path: string, body: Record<string, unknown>, signal?: AbortSignal) {
  const res = await request(emu().baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu().demoApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stream: true, ...body }),
    signal,
  })
  const it = res.body[Symbol.asyncIterator]()
  const first = await it.next()
  let text = Buffer.from(first.value as Buffer).toString('utf8')
  return {
    res,
    async rest(): Promise<string> {
      for (let n = await it.next(); !n.done; n = await it.next()) text += Buffer.from(n.value as Buffer).toString()
      return text
    },
  }
}

const cancel = (agent: string, body: unknown, key?: string) =>
  call(emu(), 'POST', `/agent/${agent}/chat/completion/cancel`, { body, ...(key ? { key } : {}) })

/** Polls until `check` holds, failing after `ms` (test/helpers/poll.ts). */
const until = (check: () => boolean, ms = 2_000) => pollUntil(check, { timeoutMs: ms })

describe('cancel', () => {
  it('cancels a running stream: final chunk finish_reason cancelled, then [DONE]; again → already cancelled', async () => {
    const id = randomUUID()
    const s = await startStream('/agent/demo-assistant/chat/completion', {
      messages: [user('count to 100000')],
      request_id: id,
    })
    const r = await cancel('demo-assistant', { request_id: id })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ message: 'Request cancelled' })
    const events = sseData(await s.rest())
    expect(events.at(-1)).toBe('[DONE]')
    const last = events.at(-2) as { choices: { finish_reason: string }[]; usage: { completion_tokens: number } }
    expect(last.choices[0]?.finish_reason).toBe('cancelled')
    const partial = joinedText(events.slice(0, -1))
    expect(partial).toMatch(/^1( \d+)*$/)
    expect(partial.length).toBeLessThan(100_000)
    expect(last.usage.completion_tokens).toBe(partial.split(' ').length)
    const again = await cancel('demo-assistant', { request_id: id })
    expect(again.status).toBe(200)
    expect(again.json).toEqual({ message: 'Request already cancelled' })
  })

  it('answers 404 for unknown and finished requests', async () => {
    const unknown = await cancel('demo-assistant', { request_id: randomUUID() })
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ error: { message: 'Request not found', code: 'not_found' } })
    const id = randomUUID()
    await call(emu(), 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [user('hi')], request_id: id },
    })
    expect((await cancel('demo-assistant', { request_id: id })).status).toBe(404)
  })

  it.each([{}, { request_id: '' }, undefined])('answers 400 to a cancel without request_id: %j', async (body) => {
    const r = await cancel('demo-assistant', body)
    expect(r.status).toBe(400)
    expect(r.json.error.message).toBe('request_id is required')
  })

  it('answers 404 for an unknown agent and 401 for an agent outside the key scope', async () => {
    expect((await cancel('ghost', { request_id: 'x' })).status).toBe(404)
    expect((await cancel('weather-bot', { request_id: 'x' }, demoKeys.assistantOnly)).status).toBe(401)
  })

  it("does not cancel another agent's request", async () => {
    const id = randomUUID()
    const s = await startStream('/agent/demo-assistant/chat/completion', {
      messages: [user('count to 100000')],
      request_id: id,
    })
    expect((await cancel('weather-bot', { request_id: id })).status).toBe(404)
    expect((await cancel('demo-assistant', { request_id: id })).status).toBe(200)
    await s.rest()
  })

  it('cancels a non-streamed completion: the partial answer with finish_reason cancelled', async () => {
    const id = randomUUID()
    const pending = call(emu(), 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [user('count to 100000')], request_id: id },
    })
    // the request is in flight from its first token on: the model's first piece comes in the same turn of the event
    // loop as the registration, so a poll that sees the request sees at least that token
    await until(() => emu().state.inflight.has(id))
    expect((await cancel('demo-assistant', { request_id: id })).status).toBe(200)
    const r = await pending
    expect(r.json.choices[0].finish_reason).toBe('cancelled')
    expect(r.json.choices[0].message.content).toMatch(/^1\b/)
    expect(r.json.choices[0].message.content).not.toMatch(/100000$/)
  })

  it('refuses a request_id already in progress with 409', async () => {
    const id = randomUUID()
    const s = await startStream('/agent/demo-assistant/chat/completion', {
      messages: [user('count to 100000')],
      request_id: id,
    })
    const dup = await call(emu(), 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [user('hi')], request_id: id },
    })
    expect(dup.status).toBe(409)
    await cancel('demo-assistant', { request_id: id })
    await s.rest()
  })

  it('stops generating when the client disconnects', async () => {
    const id = randomUUID()
    const ac = new AbortController()
    await startStream(
      '/agent/demo-assistant/chat/completion',
      { messages: [user('count to 100000')], request_id: id },
      ac.signal,
    )
    expect(emu().state.inflight.has(id)).toBe(true)
    ac.abort()
    await until(() => !emu().state.inflight.has(id))
    // it was not cancelled, so a cancel now finds nothing
    expect((await cancel('demo-assistant', { request_id: id })).status).toBe(404)
  })

  it('keeps the partial answer of a cancelled stateful completion in the chat', async () => {
    const chatId = randomUUID()
    const id = randomUUID()
    const s = await startStream(workspaceMessage('demo-assistant', chatId), {
      message: user('count to 100000'),
      request_id: id,
    })
    await cancel('demo-assistant', { request_id: id })
    const streamed = joinedText(sseData(await s.rest()).slice(0, -1))
    const messages = (await call(emu(), 'GET', workspaceMessages('demo-assistant', chatId))).json.data
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[1].content).toEqual([{ type: 'text', text: streamed }])
    expect(messages[1].finish_reason).toBe('cancelled')
  })

  it('closing the emulator ends open streams promptly', async () => {
    const { createEmulator } = await import('../../src/emulator/index.js')
    const other = await createEmulator({ port: 0, scheduler: false, tokenDelayMs: 50, log: () => {} })
    const res = await request(`${other.baseUrl}/agent/demo-assistant/chat/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.demoApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, messages: [user('count to 100000')] }),
    })
    const reading = res.body.text().then(
      () => 'ended',
      () => 'reset',
    )
    const t = Date.now()
    await other.close()
    expect(Date.now() - t).toBeLessThan(1000)
    expect(await reading).toMatch(/ended|reset/)
    expect(other.state.inflight.size).toBe(0)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
