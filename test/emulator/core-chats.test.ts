// Stateful (workspace) chats (wire.md "Stateful chats"): create, list, complete, history, delete.
import { describe, expect, it } from 'vitest'
import { chatSchema, messageSchema, pageOf } from '../../src/api/schemas/index.js'
import { call, joinedText, sseData } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

/** How far a test has moved the emulator's clock on from the real one. */
let ahead = 0
const fx = emulatorFixture({ emulator: { ...quietEmulator, now: () => Date.now() + ahead } })
const { internalErrors } = fx
const emu = () => fx.emu
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('stateful chats', () => {
  it('creates a chat, keeps each turn, and answers with the history in view', async () => {
    const created = await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: {} })
    expect(created.status).toBe(201)
    const chat = chatSchema.parse(created.json)
    expect(chat).toMatchObject({ agentId: 'demo-assistant', title: 'New chat' })
    const path = `/agent/demo-assistant/chat/${chat.id}/completion`
    const first = await call(emu(), 'POST', path, {
      body: { message: { role: 'user', content: 'My cat is called Miso' } },
    })
    expect(first.status).toBe(200)
    expect(first.json.object).toBe('chat.completion')
    const second = await call(emu(), 'POST', path, {
      body: { message: { role: 'user', content: [{ type: 'text', text: 'What did I say?' }] }, stream: true },
    })
    const streamed = joinedText(sseData(second.text).slice(0, -1))
    expect(streamed).toContain('turn 2')
    expect(streamed).toContain('Earlier you said: "My cat is called Miso"')

    const messages = await call(emu(), 'GET', `/agent/demo-assistant/chat/${chat.id}/messages`)
    expect(messages.status).toBe(200)
    const data = messages.json.data.map((m: unknown) => messageSchema.parse(m))
    expect(data.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    for (const m of data) {
      expect(m.id).toMatch(uuid)
      expect(Date.parse(m.createdAt ?? '')).not.toBeNaN()
    }
    expect(data[3].content).toEqual([{ type: 'text', text: streamed }])
    // the first user message names the chat
    const list = await call(emu(), 'GET', '/agent/demo-assistant/chats')
    const listed = pageOf(chatSchema)
      .parse(list.json)
      .data.find((c) => c.id === chat.id)
    expect(listed?.title).toBe('My cat is called Miso')
  })

  it('keeps a client message id that is a UUID', async () => {
    const chat = (await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: { title: 't' } })).json
    const id = '0b7e2f9a-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
    await call(emu(), 'POST', `/agent/demo-assistant/chat/${chat.id}/completion`, {
      body: { message: { id, role: 'user', content: 'hi' } },
    })
    const data = (await call(emu(), 'GET', `/agent/demo-assistant/chat/${chat.id}/messages`)).json.data
    expect(data[0].id).toBe(id)
  })

  it('deletes one message (204), then 404 for it', async () => {
    const chat = (await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: {} })).json
    await call(emu(), 'POST', `/agent/demo-assistant/chat/${chat.id}/completion`, {
      body: { message: { role: 'user', content: 'hello' } },
    })
    const base = `/agent/demo-assistant/chat/${chat.id}/messages`
    const [userMsg, answer] = (await call(emu(), 'GET', base)).json.data
    const del = await call(emu(), 'DELETE', `${base}/${userMsg.id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await call(emu(), 'GET', base)).json.data.map((m: { id: string }) => m.id)).toEqual([answer.id])
    expect((await call(emu(), 'DELETE', `${base}/${userMsg.id}`)).status).toBe(404)
  })

  it('lists chats per agent, newest first, paginated', async () => {
    const a = (await call(emu(), 'POST', '/agent/code-helper/chats', { body: { title: 'A' } })).json
    ahead += 1000 // B is created a second after A
    const b = (await call(emu(), 'POST', '/agent/code-helper/chats', { body: { title: 'B' } })).json
    const page1 = await call(emu(), 'GET', '/agent/code-helper/chats?limit=1')
    expect(page1.json.data.map((c: { id: string }) => c.id)).toEqual([b.id])
    expect(page1.json.pagination).toEqual({ total: 2, page: 1, page_count: 2, page_size: 1 })
    const page2 = await call(emu(), 'GET', '/agent/code-helper/chats?limit=1&page=2')
    expect(page2.json.data.map((c: { id: string }) => c.id)).toEqual([a.id])
  })

  it('answers 404 for an unknown chat or a chat of another agent, 400 for a bad body', async () => {
    const chat = (await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: {} })).json
    const body = { message: { role: 'user', content: 'x' } }
    expect((await call(emu(), 'POST', '/agent/demo-assistant/chat/nope/completion', { body })).status).toBe(404)
    expect((await call(emu(), 'POST', `/agent/weather-bot/chat/${chat.id}/completion`, { body })).status).toBe(404)
    expect((await call(emu(), 'GET', `/agent/weather-bot/chat/${chat.id}/messages`)).status).toBe(404)
    const bad = await call(emu(), 'POST', `/agent/demo-assistant/chat/${chat.id}/completion`, {
      body: { messages: [] },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/^message/)
    const longTitle = await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: { title: 'x'.repeat(201) } })
    expect(longTitle.status).toBe(400)
    expect(longTitle.json.error.message).toMatch(/^title/)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
