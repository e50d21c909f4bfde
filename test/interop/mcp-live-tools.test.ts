// `mcp serve`'s tool list follows the account (issue 22 item 22): ask_agent and run_scenario name the agents and
// scenarios there are now, on every tools/list, and the client gets notifications/tools/list_changed when they
// change. Driven by the MCP SDK's own Client over its in-memory transport, against the emulator; the change is an
// emulator reset to an empty seed (which also stops the A2A tasks still running).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { chooseTools, createMcpServer } from '../../src/mcp/server.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { pollUntil } from '../helpers/poll.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const open: Client[] = []
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
  expect((await hook(fx.emu, 'POST', 'reset', { seed: 'demo' })).status).toBe(200)
})

/** The account's MCP server in-process, with an SDK client connected to it; counts list_changed. */
async function connected(catalogPollMs?: number) {
  const t = emulatorContext(fx)
  await t.ctx.resolve({ globals: {} })
  const mcp = createMcpServer(t.ctx, chooseTools({ readOnly: false }), catalogPollMs ? { catalogPollMs } : {})
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await mcp.connect(serverSide)
  const client = new Client({ name: 'test', version: '1.0.0' })
  const seen = { changed: 0 }
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    seen.changed++
  })
  await client.connect(clientSide)
  open.push(client)
  const description = async (name: string) => (await client.listTools()).tools.find((x) => x.name === name)?.description
  return { client, seen, description }
}

describe('mcp serve: a tool list that follows the account', () => {
  it('names the agents and scenarios there are now, on each tools/list', async () => {
    const { description, seen } = await connected()
    expect(await description('ask_agent')).toMatch(/Agents now: .*demo-assistant/)
    expect(await description('run_scenario')).toMatch(/Scenarios now: .*scn_summarize/)
    expect(seen.changed).toBe(0)
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    expect(await description('ask_agent')).toContain('There are no agents now.')
    expect(await description('run_scenario')).toContain('There are no scenarios now.')
  })

  it('sends notifications/tools/list_changed when the agents change, without being asked', async () => {
    const { seen, description } = await connected(50)
    expect(await description('ask_agent')).toContain('demo-assistant')
    expect((await hook(fx.emu, 'POST', 'reset', { seed: 'none' })).status).toBe(200)
    await pollUntil(() => seen.changed > 0, { what: 'notifications/tools/list_changed' })
    expect(await description('ask_agent')).toContain('There are no agents now.')
  })
})
