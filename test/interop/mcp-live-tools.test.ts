// `mcp serve`'s tool list follows the account (issue 22 item 22): ask_agent and run_scenario name the agents and
// scenarios there are now, on every tools/list, and the client gets notifications/tools/list_changed when they
// change. Driven by the MCP SDK's own Client (v2) over its in-memory transport, against the emulator, in both eras:
// on 2025-11-25 the notification comes unasked on the connection; on 2026-07-28 on the client's
// `subscriptions/listen` stream (the SDK's stdio entry routes it there). The change is an emulator reset to an empty
// seed (which also stops the A2A tasks still running).
import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { afterEach, describe, expect, it } from 'vitest'
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

/** The account's MCP server in-process (the stdio entry), with an SDK client connected to it; counts list_changed. */
async function connected(era: Era, catalogPollMs?: number) {
  const t = emulatorContext(fx)
  await t.ctx.resolve({ globals: {} })
  const tools = chooseTools({ readOnly: false })
  const catalog = await accountCatalog(t.ctx, tools, catalogPollMs)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  serveStdio(() => createMcpServer(t.ctx, tools, catalog), { transport: serverSide })
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

describe.each(['2026-07-28', '2025-11-25'] as const)('mcp serve: a tool list that follows the account (%s)', (era) => {
  it('names the agents and scenarios there are now, on each tools/list', async () => {
    const { description, seen } = await connected(era)
    expect(await description('ask_agent')).toMatch(/Agents now: .*demo-assistant/)
    expect(await description('run_scenario')).toMatch(/Scenarios now: .*scn_summarize/)
    expect(seen.changed).toBe(0)
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    expect(await description('ask_agent')).toContain('There are no agents now.')
    expect(await description('run_scenario')).toContain('There are no scenarios now.')
  })

  it('sends notifications/tools/list_changed when the agents change, without being asked', async () => {
    const { seen, description } = await connected(era, 50)
    expect(await description('ask_agent')).toContain('demo-assistant')
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    await pollUntil(() => seen.changed > 0, { what: 'notifications/tools/list_changed' })
    expect(await description('ask_agent')).toContain('There are no agents now.')
  })
})
