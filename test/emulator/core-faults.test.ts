// Fault injection and test hooks (ARCHITECTURE.md "Tests": 429 with Retry-After, 5xx storms, resets, stalls).
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { call, sseData, workspaceMessage } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const { internalErrors } = fx
const emu = () => fx.emu
const hook = (method: string, path: string, body?: unknown) =>
  call(emu(), method, `//__emulator${path}`, { body, key: null })
const agentsPath = () => `/api/v1beta/${emu().accountId}/agents`
const listAgents = () => call(emu(), 'GET', `/${emu().accountId}/agents`)

describe('faults', () => {
  it('fails the next request with 429 and Retry-After, then serves normally', async () => {
    const added = await hook('POST', '/faults', {
      match: { method: 'GET', path: agentsPath() },
      status: 429,
      retryAfter: 2,
    })
    expect(added.status).toBe(201)
    const limited = await listAgents()
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('2')
    expect(limited.json.error.message).toMatch(/429/)
    expect((await listAgents()).status).toBe(200)
  })

  it('runs a 5xx storm of `count` requests, matching a path regex', async () => {
    await hook('POST', '/faults', { match: { path: '^/api/v1beta/[^/]+/agents$' }, count: 3, status: 503 })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await listAgents()).status)
    expect(statuses).toEqual([503, 503, 503, 200])
  })

  it('leaves other methods and paths alone', async () => {
    await hook('POST', '/faults', { match: { method: 'POST', path: agentsPath() }, status: 500 })
    expect((await listAgents()).status).toBe(200)
    expect((await call(emu(), 'GET', `/${emu().accountId}/skills`)).status).toBe(200)
    const listed = await hook('GET', '/faults')
    expect(listed.json.data).toHaveLength(1)
    expect((await hook('DELETE', '/faults')).status).toBe(204)
    expect((await hook('GET', '/faults')).json.data).toEqual([])
  })

  it('resets a stream after N bytes', async () => {
    await hook('POST', '/faults', {
      match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      resetAfterBytes: 300,
    })
    const res = await request(`${emu().baseUrl}/agent/demo-assistant/chat/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu().demoApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'count to 500' }] }),
    })
    expect(res.statusCode).toBe(200)
    let received = 0
    const err = await (async () => {
      for await (const chunk of res.body) received += (chunk as Buffer).length
    })().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(Error)
    expect(received).toBe(300)
  })

  it('resets a plain JSON answer after N bytes (the client sees a short body)', async () => {
    await hook('POST', '/faults', { match: { path: agentsPath() }, resetAfterBytes: 10 })
    await expect(listAgents()).rejects.toThrow()
    expect((await listAgents()).status).toBe(200)
  })

  it('stalls before answering', async () => {
    await hook('POST', '/faults', { match: { path: agentsPath() }, stallMs: 250 })
    const t = Date.now()
    expect((await listAgents()).status).toBe(200)
    expect(Date.now() - t).toBeGreaterThanOrEqual(240)
  })

  it('stalls mid-stream after N bytes, then finishes the stream', async () => {
    await hook('POST', '/faults', {
      match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      stallMs: 300,
      stallAfterBytes: 200,
    })
    // the stall starts on the emulator once the request is there, so the last bytes cannot arrive sooner than 300 ms
    // after it was sent, however loaded the machine (counted from the headers' arrival instead, a late first read on a
    // loaded machine made it 267 ms)
    const sent = performance.now()
    const res = await request(`${emu().baseUrl}/agent/demo-assistant/chat/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu().demoApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'count to 50' }] }),
    })
    const arrivals: [number, number][] = []
    let text = ''
    let lastSinceSent = 0
    const t0 = performance.now()
    for await (const chunk of res.body) {
      arrivals.push([performance.now() - t0, (chunk as Buffer).length])
      lastSinceSent = performance.now() - sent
      text += (chunk as Buffer).toString()
    }
    expect(arrivals[0]?.[1]).toBe(200)
    expect(arrivals[0]?.[0]).toBeLessThan(200)
    // a timer may fire up to a millisecond early on the event loop's clock
    expect(lastSinceSent).toBeGreaterThanOrEqual(299)
    expect(sseData(text).at(-1)).toBe('[DONE]')
  })

  it('rejects a bad fault rule with 400', async () => {
    expect((await hook('POST', '/faults', { match: {} })).status).toBe(400)
    expect((await hook('POST', '/faults', { status: 429, count: 0 })).status).toBe(400)
    const regex = await hook('POST', '/faults', { match: { path: '^(' }, status: 500 })
    expect(regex.status).toBe(400)
    expect(regex.json.error.message).toMatch(/^match\.path/)
    expect((await hook('GET', '/nothing')).status).toBe(404)
  })
})

describe('reset', () => {
  it('reseeds: data made since is gone, demo data and the demo key are back', async () => {
    const chat = { id: crypto.randomUUID() }
    await call(emu(), 'POST', workspaceMessage('demo-assistant', chat.id), {
      body: { message: { role: 'user', content: 'hi' } },
    })
    expect(emu().state.chats.has(chat.id)).toBe(true)
    await hook('POST', '/faults', { match: { path: '/nowhere' }, status: 500 })
    expect((await hook('POST', '/reset')).json).toEqual({ reset: true })
    expect(emu().state.chats.has(chat.id)).toBe(false)
    expect((await hook('GET', '/faults')).json.data).toEqual([])
    expect((await listAgents()).json.data.length).toBeGreaterThan(0)
    await hook('POST', '/reset', { seed: 'none' })
    const empty = await listAgents()
    expect(empty.status).toBe(200)
    expect(empty.json.data).toEqual([])
    await hook('POST', '/reset', { seed: 'demo' })
    expect((await hook('POST', '/reset', { seed: 'lots' })).status).toBe(400)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
