// `mcp serve`'s tool list follows the account (issue 22 item 22): ask_agent and run_scenario name the agents and
// scenarios there are now, on every tools/list, and the client gets notifications/tools/list_changed when they
// change. Driven by the MCP SDK's own Client (v2) over its in-memory transport, against the emulator, in both eras:
// on 2025-11-25 the notification comes unasked on the connection; on 2026-07-28 on the client's
// `subscriptions/listen` stream (the SDK's stdio entry routes it there). The change is an emulator reset to an empty
// seed (which also stops the A2A tasks still running).
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { afterEach, describe, expect, it } from 'vitest'
import { serveHttp } from '../../src/mcp/http.js'
import { accountCatalog, chooseTools, createMcpServer } from '../../src/mcp/server.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { pollUntil } from '../helpers/poll.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const open: Client[] = []
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
  expect((await hook(fx.emu, 'POST', 'reset', { seed: 'demo' })).status).toBe(200)
})

type Era = '2026-07-28' | '2025-11-25'
type Via = 'stdio' | 'http'
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

/**
 * The account's MCP server in-process (the stdio entry on an in-memory pipe, or --http's server on 127.0.0.1), with
 * an SDK client connected to it; counts list_changed.
 */
async function connected(era: Era, via: Via, catalogPollMs?: number) {
  const t = emulatorContext(fx)
  await t.ctx.resolve({ globals: {} })
  const tools = chooseTools({ readOnly: false })
  const catalog = await accountCatalog(t.ctx, tools, catalogPollMs)
  const newServer = () => createMcpServer(t.ctx, tools, catalog)
  let clientSide: InMemoryTransport | StreamableHTTPClientTransport
  if (via === 'stdio') {
    const [client, server] = InMemoryTransport.createLinkedPair()
    serveStdio(newServer, { transport: server })
    clientSide = client
  } else {
    const http = await serveHttp(0, newServer, catalog)
    stops.push(() => http.close())
    const headers = { authorization: `Bearer ${http.token}` }
    clientSide = new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers } })
  }
  const seen = { changed: 0 }
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    {
      versionNegotiation: { mode: era === '2026-07-28' ? { pin: era } : 'legacy' },
      listChanged: { tools: { autoRefresh: false, onChanged: () => void seen.changed++ } },
    },
  )
  await client.connect(clientSide)
  expect(client.getNegotiatedProtocolVersion()).toBe(era)
  open.push(client)
  const description = async (name: string) => (await client.listTools()).tools.find((x) => x.name === name)?.description
  return { client, seen, description }
}

const cases = [
  ['2026-07-28', 'stdio'],
  ['2025-11-25', 'stdio'],
  ['2026-07-28', 'http'],
  ['2025-11-25', 'http'],
] as const
describe.each(cases)('mcp serve: a tool list that follows the account (%s, %s)', (era, via) => {
  it('names the agents and scenarios there are now, on each tools/list', async () => {
    const { description, seen } = await connected(era, via)
    expect(await description('ask_agent')).toMatch(/Agents now: .*demo-assistant/)
    expect(await description('run_scenario')).toMatch(/Scenarios now: .*scn_summarize/)
    expect(seen.changed).toBe(0)
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    expect(await description('ask_agent')).toContain('There are no agents now.')
    expect(await description('run_scenario')).toContain('There are no scenarios now.')
  })

  it('sends notifications/tools/list_changed when the agents change, without being asked', async () => {
    const { seen, description } = await connected(era, via, 50)
    expect(await description('ask_agent')).toContain('demo-assistant')
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    await pollUntil(() => seen.changed > 0, { what: 'notifications/tools/list_changed' })
    expect(await description('ask_agent')).toContain('There are no agents now.')
  })
})
