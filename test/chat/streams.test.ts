// Streams the emulator does not send, from a tiny server: an error event inside the stream, NDJSON with a UTF-8
// character split across writes, a body cut without [DONE], a 500 before the stream, and a cancel the server
// does not know about.
import { describe, expect, it } from 'vitest'
import { createChatSession } from '../../src/chat/session.js'
import { chatContext, collect, customServer, textOf } from './helpers.js'
import { exitCodeOf } from '../../src/errors.js'

const chunk = (content: string, finish: string | null = null) =>
  JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  })

async function session(handler: Parameters<typeof customServer>[0], opts: { cancelGraceMs?: number } = {}) {
  const server = await customServer(handler)
  const { ctx } = chatContext(server.baseUrl, 'acc', 'agk_x')
  return { s: await createChatSession({ ctx, agentId: 'a1', ...opts }), server }
}

describe('streams from other servers', () => {
  it('an error event inside the stream is a server failure (exit 7) that keeps the text before it', async () => {
    const { s } = await session((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(`data: ${chunk('Hello, ')}\n\ndata: {"error":{"message":"model overloaded"}}\n\ndata: [DONE]\n\n`)
    })
    const t = s.send('hi')
    const events = await collect(t)
    const r = await t.result
    expect(textOf(events)).toBe('Hello, ')
    expect(events.find((e) => e.type === 'error')).toMatchObject({ kind: 'server', exit_code: 7 })
    expect(r.status).toBe('failed')
    expect(exitCodeOf(r.error)).toBe(7)
    expect(r.error?.message).toMatch(/model overloaded/)
    expect(s.history.at(-1)).toEqual({ role: 'assistant', content: 'Hello, ' })
  })

  it('reads NDJSON whose multi-byte characters are split across writes, byte for byte', async () => {
    const answer = 'Grüße, 世界! 🎉 done'
    const { s, server } = await session((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' })
      const bytes = Buffer.from(`${chunk(answer.slice(0, 9))}\n${chunk(answer.slice(9), 'stop')}\n`)
      // one byte at a time, so every character and line end straddles reads
      let i = 0
      const next = () => {
        if (i >= bytes.length) return res.end()
        res.write(bytes.subarray(i, i + 1))
        i++
        setImmediate(next)
      }
      next()
    })
    const t = s.send('hi')
    const events = await collect(t)
    expect(textOf(events)).toBe(answer)
    expect((await t.result).finishReason).toBe('stop')
    const sent = JSON.parse(server.requests[0]?.body ?? '{}')
    expect(sent).toMatchObject({ stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })
    expect(sent.request_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a body that ends without [DONE] or a finish_reason is a dropped connection (exit 8)', async () => {
    const { s } = await session((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(`data: ${chunk('partial')}\n\n`)
    })
    const t = s.send('hi')
    expect(textOf(await collect(t))).toBe('partial')
    expect(exitCodeOf((await t.result).error)).toBe(8)
  })

  it('a 500 before the stream is a server error (exit 7) with the server message', async () => {
    const { s } = await session((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end('{"error":{"message":"boom"}}')
    })
    const t = s.send('hi')
    const events = await collect(t)
    expect(events).toEqual([expect.objectContaining({ type: 'error', kind: 'server', exit_code: 7 })])
    expect((await t.result).error?.message).toMatch(/500 boom/)
  })

  it('a cancel the server does not know still stops the answer after the grace period', async () => {
    const { s, server } = await session(
      (req, res) => {
        if (req.url?.endsWith('/cancel')) {
          res.writeHead(404, { 'content-type': 'application/json' })
          res.end('{"error":{"message":"Request not found"}}')
          return
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write(`data: ${chunk('never ends')}\n\n`)
      },
      { cancelGraceMs: 100 },
    )
    const t = s.send('hi')
    let outcome: Awaited<ReturnType<typeof s.cancel>> | undefined
    for await (const e of t) if (e.type === 'text') outcome = await s.cancel()
    expect(outcome?.server).toBe('not-found')
    const r = await t.result
    expect(r.status).toBe('cancelled')
    expect(r.message.content).toBe('never ends')
    const cancelBody = JSON.parse(server.requests.find((q) => q.url.endsWith('/cancel'))?.body ?? '{}')
    expect(cancelBody).toEqual({ request_id: r.requestId })
  })
})
