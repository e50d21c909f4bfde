// The era of a `chat --mcp` server found on its own pipe (src/mcp/era.ts), against controllable peers: the v2 SDK's
// stdio server entry on an in-memory pipe whose start the test holds back (no real sleeps: the probe's clock is the
// test's own). The case of issue 42 item 14: a server that speaks 2026-07-28 only and is silent past the probe's
// wait (a first `npx -y` run) must be spoken to in 2026-07-28, not refused on a fallback `initialize`.
import { Client, InMemoryTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client'
import { McpServer } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { afterEach, describe, expect, it } from 'vitest'
import { connectEitherEra, ProbedPipe } from '../../src/mcp/era.js'

/** A peer whose reading of requests starts only when the test says (a slow start); it may ignore some methods. */
function peer(posture: 'reject' | 'serve', ignore: string[] = []) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  serveStdio(
    () => {
      const server = new McpServer({ name: 'peer', version: '1.0.0' }, { capabilities: { tools: {} } })
      server.registerTool('ping', { description: 'pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
      return server
    },
    { transport: serverSide, legacy: posture },
  )
  const held: JSONRPCMessage[] = []
  let started = false
  const transport: Transport = {
    start: () => clientSide.start(),
    close: () => clientSide.close(),
    async send(message) {
      if ('method' in message && ignore.includes(message.method)) return
      if (started) return clientSide.send(message)
      held.push(message)
    },
  }
  clientSide.onmessage = (m, extra) => transport.onmessage?.(m, extra)
  clientSide.onclose = () => transport.onclose?.()
  return {
    transport,
    sent: () => held.map((m) => ('method' in m ? m.method : '')),
    async startNow() {
      started = true
      for (const m of held.splice(0)) await clientSide.send(m)
    },
  }
}

/** The probe's clock: it says "5 s passed" when the test calls pass(). */
function clock() {
  let pass: () => void = () => {}
  const passed = new Promise<void>((resolve) => {
    pass = resolve
  })
  return { wait: () => passed, pass }
}

const identity = { name: 'agentry-test', version: '1.0.0' }
const open: Client[] = []
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
})

async function connect(p: ReturnType<typeof peer>, c: ReturnType<typeof clock>) {
  const client = new Client(identity)
  open.push(client)
  const outcome = connectEitherEra(client, new ProbedPipe(p.transport), identity, 5_000, c.wait)
  return { client, outcome }
}

describe('chat --mcp: the era of a server, found on its pipe', () => {
  it('a 2026-07-28-only server that starts after the probe wait is spoken to in 2026-07-28', async () => {
    const p = peer('reject')
    const c = clock()
    const { client, outcome } = await connect(p, c)
    c.pass() // 5 s of silence: the server is still starting
    await expect.poll(() => p.sent(), { timeout: 10_000 }).toEqual(['server/discover', 'initialize'])
    await p.startNow() // it reads server/discover (answers it), then initialize (refuses it: 2026-07-28 only)
    await expect(outcome).resolves.toBe('connected')
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    const r = await client.callTool({ name: 'ping', arguments: {} })
    expect(r.content).toEqual([{ type: 'text', text: 'pong' }])
  })

  it('a server of both eras that starts after the probe wait takes the initialize too: its session is 2025, and the client stays in it', async () => {
    const p = peer('serve')
    // the probe's wait passes; the wait for the answer to the initialize never does (the server gives it)
    const c = clock()
    let waits = 0
    const wait = () => (++waits === 1 ? c.wait() : new Promise<void>(() => {}))
    const client = new Client(identity)
    open.push(client)
    const outcome = connectEitherEra(client, new ProbedPipe(p.transport), identity, 5_000, wait)
    c.pass()
    await expect.poll(() => p.sent(), { timeout: 10_000 }).toEqual(['server/discover', 'initialize'])
    await p.startNow() // it answers server/discover (offering 2026-07-28), then takes the initialize (2025)
    await expect(outcome).resolves.toBe('connected')
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25')
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping'])
  })

  it('a server that answers the probe at once: 2026-07-28 with no initialize, and no wait', async () => {
    const p = peer('serve')
    await p.startNow()
    const { client, outcome } = await connect(p, clock())
    await expect(outcome).resolves.toBe('connected')
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
  })

  it('a 2025 server that ignores server/discover gets initialize once the wait has passed', async () => {
    const p = peer('serve', ['server/discover'])
    await p.startNow()
    const c = clock()
    const { client, outcome } = await connect(p, c)
    c.pass()
    await expect(outcome).resolves.toBe('connected')
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25')
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping'])
  })

  it('when no era works, the error says what was tried and what each answer was', async () => {
    const p = peer('reject', ['server/discover'])
    await p.startNow()
    const c = clock()
    const { outcome } = await connect(p, c)
    c.pass()
    await expect(outcome).rejects.toThrow(
      /^no answer to server\/discover within 5 s, and initialize \(2025\) failed: .*2025-11-25/,
    )
  })
})
