// Stateful (workspace) chats on the service's documented routes (brightsy.ai/docs/API "Messages", "Attachments";
// docs/wire.md "Stateful chats"): chat and message ids are UUIDs the client makes, the first message starts the chat,
// a message sent again under its id replaces it, files are kept by message id and listed with their message.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { chatSchema, messageSchema, pageOf } from '../../src/api/schemas/index.js'
import { call, joinedText, sseData } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

/** How far a test has moved the emulator's clock on from the real one. */
let ahead = 0
/** The attachment limit of this file's emulator (the service's 20 MiB by default): a test of the 413 sends 64 KiB. */
const attachmentLimitBytes = 64 * 1024
const fx = emulatorFixture({ emulator: { ...quietEmulator, now: () => Date.now() + ahead, attachmentLimitBytes } })
const { internalErrors } = fx
const emu = () => fx.emu
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const workspace = (agent: string, chatId: string) => `/agent/${agent}/chat/completion/workspace/${chatId}`
const plural = (agent: string, chatId: string) => `/agents/${agent}/chat/completion/workspace/${chatId}`
const send = (agent: string, chatId: string, content: unknown, opts: { messageId?: string; stream?: boolean } = {}) =>
  call(emu(), 'POST', `${workspace(agent, chatId)}/message/${opts.messageId ?? randomUUID()}`, {
    body: { message: { role: 'user', content }, ...(opts.stream ? { stream: true } : {}) },
  })

/** A multipart/form-data body with one part `file`, encoded by the platform (undici's FormData through Response). */
async function multipart(name: string, bytes: Uint8Array, type = 'text/plain') {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name)
  const r = new Response(form)
  return {
    rawBody: Buffer.from(await r.arrayBuffer()),
    headers: { 'content-type': r.headers.get('content-type') ?? '' },
  }
}
const upload = async (chatId: string, messageId: string, name: string, bytes: Uint8Array, type?: string) =>
  call(emu(), 'POST', `${workspace('demo-assistant', chatId)}/message/${messageId}/attachment`, {
    ...(await multipart(name, bytes, type)),
  })

describe('stateful chats', () => {
  it('starts a chat with its first message, keeps each turn, and answers with the history in view', async () => {
    const chatId = randomUUID()
    const first = await send('demo-assistant', chatId, 'My cat is called Miso')
    expect(first.status).toBe(200)
    expect(first.json.object).toBe('chat.completion')
    const second = await send('demo-assistant', chatId, [{ type: 'text', text: 'What did I say?' }], { stream: true })
    const streamed = joinedText(sseData(second.text).slice(0, -1))
    expect(streamed).toContain('turn 2')
    expect(streamed).toContain('Earlier you said: "My cat is called Miso"')

    const messages = await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)
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
      .data.find((c) => c.id === chatId)
    expect(listed?.title).toBe('My cat is called Miso')
  })

  it("keeps the path's message id, and a message sent again under it replaces it and what followed", async () => {
    const chatId = randomUUID()
    const id = randomUUID()
    await send('demo-assistant', chatId, 'hi', { messageId: id })
    await send('demo-assistant', chatId, 'second')
    expect((await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data).toHaveLength(4)
    await send('demo-assistant', chatId, 'hi again', { messageId: id })
    const data = (await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data
    expect(data).toHaveLength(2)
    expect(data[0]).toMatchObject({ id, content: 'hi again' })
    const mismatch = await call(emu(), 'POST', `${workspace('demo-assistant', chatId)}/message/${randomUUID()}`, {
      body: { message: { id, role: 'user', content: 'x' } },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.json.error.message).toMatch(/^message\.id .* is not the path's messageId/)
  })

  it('deletes one message on the plural path (204), then 404 for it', async () => {
    const chatId = randomUUID()
    await send('demo-assistant', chatId, 'hello')
    const [userMsg, answer] = (await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data
    const del = await call(emu(), 'DELETE', `${plural('demo-assistant', chatId)}/messages/${userMsg.id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    const left = (await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data
    expect(left.map((m: { id: string }) => m.id)).toEqual([answer.id])
    expect((await call(emu(), 'DELETE', `${plural('demo-assistant', chatId)}/messages/${userMsg.id}`)).status).toBe(404)
  })

  it('lists chats per agent, newest first, paginated', async () => {
    const a = randomUUID()
    const b = randomUUID()
    await send('code-helper', a, 'A')
    ahead += 1000 // B starts a second after A
    await send('code-helper', b, 'B')
    const page1 = await call(emu(), 'GET', '/agent/code-helper/chats?limit=1')
    expect(page1.json.data.map((c: { id: string }) => c.id)).toEqual([b])
    expect(page1.json.pagination).toEqual({ total: 2, page: 1, page_count: 2, page_size: 1 })
    const page2 = await call(emu(), 'GET', '/agent/code-helper/chats?limit=1&page=2')
    expect(page2.json.data.map((c: { id: string }) => c.id)).toEqual([a])
  })

  it('answers 400 for ids that are not UUIDs, 404 for an unknown chat, a chat of another agent, or the old paths', async () => {
    const chatId = randomUUID()
    await send('demo-assistant', chatId, 'x')
    const notUuid = await send('demo-assistant', 'chat_1', 'x')
    expect(notUuid.status).toBe(400)
    expect(notUuid.json.error.message).toMatch(/^chatId must be a UUID made by the client/)
    const badMessageId = await send('demo-assistant', chatId, 'x', { messageId: 'm1' })
    expect(badMessageId.json.error.message).toMatch(/^messageId must be a UUID/)
    expect((await send('weather-bot', chatId, 'x')).status).toBe(404)
    expect((await call(emu(), 'GET', `${workspace('weather-bot', chatId)}/messages`)).status).toBe(404)
    expect((await call(emu(), 'GET', `${workspace('demo-assistant', randomUUID())}/messages`)).status).toBe(404)
    const bad = await call(emu(), 'POST', `${workspace('demo-assistant', chatId)}/message/${randomUUID()}`, {
      body: { messages: [] },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/^message/)
    // the routes agentry used before the documented ones are gone (the chats path only lists now: 405)
    expect((await call(emu(), 'POST', '/agent/demo-assistant/chats', { body: {} })).status).toBe(405)
    const old = await call(emu(), 'POST', `/agent/demo-assistant/chat/${chatId}/completion`, {
      body: { message: { role: 'user', content: 'x' } },
    })
    expect(old.status).toBe(404)
    // its 404 names the route that replaced it, as do those of the old messages routes
    expect(old.json.error.message).toContain('/chat/completion/workspace/{chatId}/message/{messageId}')
    const oldList = await call(emu(), 'GET', `/agent/demo-assistant/chat/${chatId}/messages`)
    expect([oldList.status, oldList.json.error.message]).toEqual([
      404,
      expect.stringContaining('GET …/agent/{agentId}/chat/completion/workspace/{chatId}/messages'),
    ])
    const oldDelete = await call(emu(), 'DELETE', `/agent/demo-assistant/chat/${chatId}/messages/${randomUUID()}`)
    expect(oldDelete.json.error.message).toContain('DELETE …/agents/{agentId}/chat/completion/workspace/')
    // any other unknown path keeps the plain answer
    expect((await call(emu(), 'GET', '/agent/demo-assistant/nothing')).json.error.message).toMatch(/^no route for GET /)
  })
})

describe('attachments', () => {
  it('keeps files uploaded before the message, shows them to the model and lists them with the message', async () => {
    const chatId = randomUUID()
    const messageId = randomUUID()
    const up = await upload(chatId, messageId, 'notes.txt', new TextEncoder().encode('hello, world'))
    expect(up.status).toBe(200)
    expect(up.json).toMatchObject({ filename: 'notes.txt', size: 12, contentType: 'text/plain' })
    // the same name again replaces it (a retried upload makes no second file)
    expect((await upload(chatId, messageId, 'notes.txt', new TextEncoder().encode('hello, world'))).status).toBe(200)
    await upload(chatId, messageId, 'plot.png', new Uint8Array(40), 'image/png')
    const answer = await send('demo-assistant', chatId, 'what did I send?', { messageId })
    expect(answer.json.choices[0].message.content).toBe(
      'attached: notes.txt (12 bytes)\nattached: plot.png (40 bytes)\n\nYou asked: "what did I send?".\n',
    )
    const data = (await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data
    expect(data[0].attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt', size: 12, contentType: 'text/plain' }),
      expect.objectContaining({ filename: 'plot.png', size: 40, contentType: 'image/png' }),
    ])
    expect(JSON.stringify(data)).not.toContain('aGVsbG8')

    const del = await call(
      emu(),
      'DELETE',
      `${plural('demo-assistant', chatId)}/messages/${messageId}/attachments/notes.txt`,
    )
    expect(del.status).toBe(200)
    const after = (await call(emu(), 'GET', `${workspace('demo-assistant', chatId)}/messages`)).json.data
    expect(after[0].attachments.map((a: { filename: string }) => a.filename)).toEqual(['plot.png'])
    const again = `${plural('demo-assistant', chatId)}/messages/${messageId}/attachments/notes.txt`
    expect((await call(emu(), 'DELETE', again)).status).toBe(404)
  })

  it('answers the preflight of both attachment routes with 204', async () => {
    const chatId = randomUUID()
    const m = randomUUID()
    for (const path of [
      `${workspace('demo-assistant', chatId)}/message/${m}/attachment`,
      `${plural('demo-assistant', chatId)}/messages/${m}/attachments/a.txt`,
    ])
      expect((await call(emu(), 'OPTIONS', path, { key: null })).status).toBe(204)
  })

  it('refuses a body that is not multipart (415), no part `file` (400), a type (415) or a size (413) outside the limits', async () => {
    const chatId = randomUUID()
    const path = `${workspace('demo-assistant', chatId)}/message/${randomUUID()}/attachment`
    const json = await call(emu(), 'POST', path, { body: { file: 'x' } })
    expect(json.status).toBe(415)
    const form = new FormData()
    form.append('other', 'x')
    const r = new Response(form)
    const noFile = await call(emu(), 'POST', path, {
      rawBody: Buffer.from(await r.arrayBuffer()),
      headers: { 'content-type': r.headers.get('content-type') ?? '' },
    })
    expect(noFile.status).toBe(400)
    expect(noFile.json.error.message).toMatch(/^file is required/)
    const exe = await upload(chatId, randomUUID(), 'tool.exe', new Uint8Array(4), 'application/octet-stream')
    expect(exe.status).toBe(415)
    expect(exe.json.error.message).toMatch(/^tool\.exe: attachments must be \.txt/)
    // the limit is the emulator's (attachmentLimitBytes; the default 20 MiB is attachmentProblem's, test/unit/attachments)
    const atLimit = await upload(chatId, randomUUID(), 'full.txt', new Uint8Array(attachmentLimitBytes))
    expect(atLimit.status).toBe(200)
    const big = await upload(chatId, randomUUID(), 'big.txt', new Uint8Array(attachmentLimitBytes + 1))
    expect(big.status).toBe(413)
    expect(big.json.error.message).toMatch(/^big\.txt: 65 KiB is over the 64 KiB limit of an attachment/)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
