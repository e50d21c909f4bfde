// `agentry mcp serve`'s tools (issue 10 item 1) driven by the MCP SDK's own Client (v2) over its in-memory transport,
// in both eras of the protocol (2026-07-28 and 2025-11-25: the negotiated version is checked),
// against a real emulator: the same server (createMcpServer) with the tools the command serves (servedTools: --tools,
// --read-only, the credential's CMS access). Every tool is called, errors come back as tool errors with the CLI's
// words, an ask is cancelled mid-stream (and on the service). What only the process shows (stdio, the end of stdin,
// --http with its token) is test/e2e/mcp-serve.test.ts; the tool list that follows the account is mcp-live-tools.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { demoKeys } from '../../src/emulator/seed.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { servedTools } from '../../src/mcp/serve.js'
import { accountCatalog, createMcpServer, type ToolChoice } from '../../src/mcp/server.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { runCommand } from '../helpers/run-command.js'
import { allToolNames, type ToolResult } from '../helpers/mcp-tools.js'

// answers paced at 2 ms a token: progress notifications arrive one by one, without the default's 15 ms
const fx = emulatorFixture({ emulator: { ...quietEmulator, tokenDelayMs: 2 } })
const secret = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret }

/** The two eras of MCP: stateless with a `_meta` envelope on each request, and the `initialize` handshake. */
const eras = ['2026-07-28', '2025-11-25'] as const
type Era = (typeof eras)[number]
/** The client's options for an era: the v2 client pins 2026-07-28 (server/discover first), or speaks 2025 only. */
const negotiation = (era: Era) =>
  era === '2026-07-28'
    ? { versionNegotiation: { mode: { pin: era } } }
    : { versionNegotiation: { mode: 'legacy' as const } }

const open: Client[] = []
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
})

/** `mcp serve` with these flags (as ToolChoice) and environment, in-process: an SDK client connected to it. */
async function serve(
  choice: ToolChoice = { readOnly: false },
  env: Record<string, string | undefined> = secret,
  era: Era = '2026-07-28',
  uploadFolders: string[] = [],
) {
  const t = emulatorContext(fx, { env })
  await t.ctx.resolve({ globals: {} })
  const tools = await servedTools(t.ctx, choice)
  const catalog = await accountCatalog(t.ctx, tools)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  // the SDK's stdio entry, as `mcp serve` runs it, on an in-memory pipe: it picks the era from the first message
  serveStdio(() => createMcpServer(t.ctx, tools, catalog, uploadFolders), { transport: serverSide })
  const client = new Client({ name: 'agentry-test', version: '1.0.0' }, negotiation(era))
  await client.connect(clientSide)
  open.push(client)
  expect(client.getNegotiatedProtocolVersion()).toBe(era)
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult
  const ok = async (name: string, args: Record<string, unknown>) => {
    const r = await call(name, args)
    expect(r.isError, r.content[0]?.text).toBeFalsy()
    return r.structuredContent ?? {}
  }
  const names = async () => (await client.listTools()).tools.map((x) => x.name)
  return { client, call, ok, names, stderr: () => t.stderr() }
}

describe.each(eras)('mcp serve: the tools, protocol %s (the MCP SDK client)', (era) => {
  it('lists every tool, with input schemas from the contract and read-only hints', async () => {
    const { client } = await serve(undefined, undefined, era)
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(allToolNames)
    const generate = tools.find((t) => t.name === 'generate_image')
    expect(generate?.inputSchema.required).toEqual(['prompt'])
    expect(generate?.inputSchema.properties).toHaveProperty('size')
    // descriptions declared on the zod/mini schemas reach the JSON Schema the client sees
    const ask = tools.find((t) => t.name === 'ask_agent')?.inputSchema.properties
    expect(ask?.message).toMatchObject({ type: 'string', minLength: 1, description: 'what to ask' })
    expect(ask?.max_tokens).toMatchObject({ type: 'integer', description: 'cap the length of the answer' })
    expect(tools.find((t) => t.name === 'cms_query')?.annotations?.readOnlyHint).toBe(true)
    // the tools whose result has a fixed shape declare it (outputSchema); the client checks each result against it
    expect(tools.find((t) => t.name === 'list_agents')?.outputSchema?.properties).toMatchObject({
      items: { type: 'array' },
    })
    expect(tools.find((t) => t.name === 'ask_agent')?.outputSchema?.required).toEqual(['agentId', 'answer'])
    // cms_query and cms_search answer a page as every list tool does: `items`
    for (const name of ['cms_query', 'cms_search', 'list_agents'])
      expect(tools.find((t) => t.name === name)?.outputSchema?.properties, name).toHaveProperty('items')
    expect(tools.find((t) => t.name === 'cms_delete')?.outputSchema?.properties).toHaveProperty('deleted')
    expect(tools.find((t) => t.name === 'run_scenario')?.annotations?.readOnlyHint).toBe(false)
  })

  it('every schema is plain JSON Schema: an open object has no empty additionalProperties nor propertyNames', async () => {
    const { client } = await serve(undefined, undefined, era)
    const found: string[] = []
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return
      for (const [k, v] of Object.entries(node)) {
        if (k === 'additionalProperties' && typeof v === 'object' && v !== null && Object.keys(v).length === 0)
          found.push(`${at}.${k}`)
        if (k === 'propertyNames') found.push(`${at}.${k}`)
        walk(v, `${at}.${k}`)
      }
    }
    for (const t of (await client.listTools()).tools) {
      walk(t.inputSchema, `${t.name} input`)
      walk(t.outputSchema, `${t.name} output`)
    }
    expect(found).toEqual([])
    const payload = (await client.listTools()).tools.find((t) => t.name === 'trigger_webhook')?.inputSchema.properties
    expect(payload?.payload).toEqual({ type: 'object', description: 'the JSON object to deliver' })
  })

  it('list_agents, list_scenarios, list_sites, list_pages read the account', async () => {
    const { ok } = await serve(undefined, undefined, era)
    expect((await ok('list_agents', {})).items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
    expect((await ok('list_scenarios', { limit: 100 })).items.map((s: { id: string }) => s.id)).toContain(
      'scn_summarize',
    )
    expect((await ok('list_sites', {})).items.map((s: { id: string }) => s.id)).toContain('site_docs')
    const pages = await ok('list_pages', { siteId: 'site_docs' })
    expect(pages.items.length).toBeGreaterThan(0)
    expect(pages.items.length).toBe(fx.emu.state.sites.get('site_docs')?.pages.length)
  })

  it("list_executions reads a scenario's runs, newest first, with what started each", async () => {
    const { ok } = await serve(undefined, undefined, era)
    await ok('trigger_webhook', { webhookId: 'whk_orders', payload: { order: 1 } })
    const runs = await ok('list_executions', { scenarioId: 'scn_summarize' })
    const stored = [...fx.emu.state.executions.values()].filter((e) => e.scenarioId === 'scn_summarize').reverse()
    expect(runs.items.map((e: { id: string }) => e.id)).toEqual(stored.map((e) => e.id))
    expect(runs.items[0]).toMatchObject({ trigger: 'webhook', status: 'completed' })
  })

  it("list_agents answers the hosted MCP's members beside its page", async () => {
    const { ok } = await serve(undefined, undefined, era)
    const listed = await ok('list_agents', {})
    expect(listed.agents).toHaveLength(listed.items.length)
    const demo = fx.emu.state.agents.get('demo-assistant')
    expect(listed.agents).toContainEqual({
      agent_id: 'demo-assistant',
      agent_name: demo?.name,
      description: demo?.description ?? '',
    })
  })

  it('chat goes on with the same chat through its chat_id, with system_context for the agent', async () => {
    const { client, ok, call } = await serve(undefined, undefined, era)
    const deltas: string[] = []
    const first = (await client.callTool(
      {
        name: 'chat',
        arguments: {
          agent_id: 'demo-assistant',
          message: 'what is your system prompt',
          system_context: 'The user is on the billing page.',
        },
      },
      { onprogress: (p) => void deltas.push(p.message ?? '') },
    )) as ToolResult
    expect(first.isError, first.content[0]?.text).toBeFalsy()
    const { chat_id, answer } = first.structuredContent ?? {}
    expect(chat_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer).toContain('The user is on the billing page.')
    expect(deltas.join('')).toBe(answer)
    const again = await ok('chat', { agent_id: 'demo-assistant', message: 'and now?', chat_id })
    expect(again.chat_id).toBe(chat_id)
    expect(again.answer).toContain('Earlier you said: "what is your system prompt"')
    // one chat on the service, with both turns; the context went with its answer, not into the chat as a message
    const kept = fx.emu.state.chats.get(chat_id)?.messages ?? []
    expect(kept.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    const bad = await call('chat', { agent_id: 'demo-assistant', message: 'hi', chat_id: 'yesterday' })
    expect(bad.isError).toBe(true)
    expect(bad.content[0]?.text).toBe(
      'chat_id "yesterday" is not a chat id\nhint: pass the chat_id of an earlier chat result, or omit it to start a new chat',
    )
  })

  it('ask_agent streams progress notifications and returns the whole answer', async () => {
    const { client } = await serve(undefined, undefined, era)
    const deltas: string[] = []
    const r = (await client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'demo-assistant', message: 'hello' } },
      { onprogress: (p) => void deltas.push(p.message ?? '') },
    )) as ToolResult
    expect(r.isError).toBeFalsy()
    const answer = r.structuredContent?.answer as string
    expect(answer.length).toBeGreaterThan(0)
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(answer)
  })

  it('run_scenario signs with the profile secret and the emulator records the signed run', async () => {
    const { ok } = await serve(undefined, undefined, era)
    const execution = await ok('run_scenario', { scenarioId: 'scn_summarize', input: 'from MCP' })
    expect(execution).toMatchObject({ scenarioId: 'scn_summarize', status: 'completed' })
    expect(fx.emu.state.executions.get(execution.id)).toMatchObject({ trigger: 'signed', input: 'from MCP' })
  })

  it('trigger_webhook posts the payload with the webhook secret', async () => {
    const { ok } = await serve(undefined, undefined, era)
    const answer = await ok('trigger_webhook', { webhookId: 'whk_orders', payload: { order: 42 } })
    expect(answer.received).toBe(true)
    expect(fx.emu.state.executions.get(answer.executionId)).toMatchObject({ scenarioId: 'scn_summarize' })
  })

  it('cms_query, cms_get, cms_save and cms_delete work on records', async () => {
    const { ok, call } = await serve(undefined, undefined, era)
    const q = await ok('cms_query', { collection: 'posts', pageSize: 3, orderBy: 'id:asc' })
    expect(q.items).toHaveLength(3)
    const got = await ok('cms_get', { collection: 'posts', recordId: q.items[0].id })
    expect(got.id).toBe(q.items[0].id)
    const saved = await ok('cms_save', { collection: 'posts', data: { title: 'via MCP' }, tags: ['mcp'] })
    expect(saved.data).toMatchObject({ title: 'via MCP' })
    const deleted = await ok('cms_delete', { collection: 'posts', recordId: saved.id })
    expect(deleted.deleted).toBe(true)
    const gone = await call('cms_get', { collection: 'posts', recordId: saved.id })
    expect(gone.isError).toBe(true)
  })

  it('cms_save saves a draft that delivery does not serve; publish, merge and cms_unpublish as a model would', async () => {
    const { ok, call } = await serve(undefined, undefined, era)
    const draft = await ok('cms_save', { collection: 'posts', data: { title: 'draft via MCP', views: 1 } })
    const hidden = await call('cms_get', { collection: 'posts', recordId: draft.id })
    expect(hidden.isError, 'a draft is not delivered').toBe(true)
    await ok('cms_publish', { collection: 'posts', recordId: draft.id })
    expect((await ok('cms_get', { collection: 'posts', recordId: draft.id })).data.title).toBe('draft via MCP')
    const merged = await ok('cms_save', {
      collection: 'posts',
      recordId: draft.id,
      data: { views: 2 },
      merge: true,
      publish: true,
    })
    expect(merged.data).toEqual({ title: 'draft via MCP', views: 2 })
    expect((await ok('cms_get', { collection: 'posts', recordId: draft.id })).data).toEqual(merged.data)
    await ok('cms_unpublish', { collection: 'posts', recordId: draft.id })
    expect((await call('cms_get', { collection: 'posts', recordId: draft.id })).isError).toBe(true)
    const noId = await call('cms_save', { collection: 'posts', data: { views: 3 }, merge: true })
    expect(noId.isError).toBe(true)
    expect(noId.content[0]?.text).toMatch(/merge needs the recordId/)
    await ok('cms_delete', { collection: 'posts', recordId: draft.id })
  })

  it('analyze_image and generate_image', async () => {
    const { ok } = await serve(undefined, undefined, era)
    const analyzed = await ok('analyze_image', { imageUrl: 'https://example.com/cat.png', prompt: 'What is it?' })
    expect(typeof analyzed.text).toBe('string')
    const generated = await ok('generate_image', { prompt: 'a lighthouse', size: '256x256' })
    expect(generated.url).toMatch(/^https?:\/\//)
  })

  it('failures are tool errors with the CLI message and hint', async () => {
    const { call, stderr } = await serve(undefined, undefined, era)
    const r = await call('ask_agent', { agentId: 'no-such-agent', message: 'hi' })
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toMatch(/404|not found/i)
    const q = await call('cms_query', { collection: 'posts', where: '{not json' })
    expect(q.isError).toBe(true)
    expect(q.content[0]?.text).toMatch(/^where: /)
    expect(stderr()).not.toContain(fx.emu.demoApiKey)
  })

  it('cancelling ask_agent mid-stream cancels the completion on the service', async () => {
    const { client } = await serve(undefined, undefined, era)
    const before = new Set(fx.emu.state.cancelled)
    const controller = new AbortController()
    let progressed = 0
    const pending = client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'slow-poet', message: 'a poem please' } },
      {
        signal: controller.signal,
        onprogress: () => {
          if (++progressed === 2) controller.abort('enough')
        },
      },
    )
    await expect(pending).rejects.toThrow()
    await expect
      .poll(() => [...fx.emu.state.cancelled].filter((id) => !before.has(id)).length, { timeout: 10_000 })
      .toBe(1)
    expect(progressed).toBeGreaterThanOrEqual(2)
    await expect.poll(() => fx.emu.state.inflight.size, { timeout: 10_000 }).toBe(0)
  })
})

// These two spoke 2026-07-28 in both runs of the describe above (serve()'s default era): once is what they prove.
describe('mcp serve: merge and the record types, protocol 2026-07-28', () => {
  it('cms_save with merge changes only the members given', async () => {
    const { ok, call } = await serve()
    const made = await ok('cms_save', { collection: 'mcp_merge', data: { a: 1, b: 2 } })
    const merged = await ok('cms_save', {
      collection: 'mcp_merge',
      recordId: made.id,
      data: { b: null, c: 3 },
      merge: true,
    })
    expect(merged.data).toEqual({ a: 1, c: 3 })
    expect((await call('cms_save', { collection: 'mcp_merge', data: { a: 1 }, merge: true })).isError).toBe(true)
  })

  it('list_record_types, get_record_type and cms_search: the schema of a collection, and a search in plain words', async () => {
    const { ok } = await serve()
    const types = await ok('list_record_types', {})
    expect(types.items.map((t: { slug: string }) => t.slug)).toEqual(['posts', 'authors', 'products'])
    expect((await ok('get_record_type', { slug: 'posts' })).schema.properties).toHaveProperty('views')
    // the official MCP server's name: every record type, or the one named
    const all = await ok('get_record_types', {})
    expect(all.items.map((t: { slug: string }) => t.slug)).toEqual(['posts', 'authors', 'products'])
    expect(all.items[0].schema.properties).toHaveProperty('views')
    const one = await ok('get_record_types', { slug: 'authors' })
    expect(one.items.map((t: { slug: string }) => t.slug)).toEqual(['authors'])
    const found = await ok('cms_search', { collection: 'posts', text: 'practical webhooks', pageSize: 3 })
    expect(found.items).toHaveLength(3)
    for (const r of found.items)
      expect(r).toMatchObject({ score: 1, data: { title: expect.stringMatching(/^Practical webhooks/) } })
  })
})

describe('mcp serve: list_files and upload_file (only from the folders --upload-dir allows)', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'agentry-mcp-files-')))
  const allowed = join(base, 'allowed')
  mkdirSync(join(allowed, 'sub'), { recursive: true })
  writeFileSync(join(allowed, 'notes.txt'), 'hello from a local file')
  writeFileSync(join(allowed, 'sub', 'deep.md'), '# deep')
  writeFileSync(join(base, 'secret.txt'), 'not yours')
  symlinkSync(join(base, 'secret.txt'), join(allowed, 'link-out.txt'))
  afterAll(() => rmSync(base, { recursive: true, force: true }))

  it('uploads a file inside an allowed folder, which list_files then lists', async () => {
    const { ok, client } = await serve(undefined, undefined, undefined, [allowed])
    const upload = (await client.listTools()).tools.find((t) => t.name === 'upload_file')
    expect(upload?.description).toContain(`The allowed folders: ${allowed}.`)
    const stored = await ok('upload_file', { local_path: 'notes.txt', path: 'mcp-up' })
    expect(stored.path).toBe('mcp-up/notes.txt')
    expect(Buffer.from(fx.emu.state.files.get('mcp-up/notes.txt')?.data ?? '', 'base64').toString()).toBe(
      'hello from a local file',
    )
    await ok('upload_file', { local_path: join(allowed, 'sub', 'deep.md'), filename: 'renamed.md', path: 'mcp-up' })
    const listed = await ok('list_files', { path: 'mcp-up' })
    expect(listed.items.map((f: { path: string }) => f.path).sort()).toEqual(['mcp-up/notes.txt', 'mcp-up/renamed.md'])
  })

  it('refuses a path that leads out by .., by a symbolic link or by being absolute, and says which flag allows', async () => {
    const { call } = await serve(undefined, undefined, undefined, [allowed])
    for (const local_path of ['../secret.txt', 'sub/../../secret.txt', 'link-out.txt', join(base, 'secret.txt')]) {
      const r = await call('upload_file', { local_path })
      expect(r.isError, local_path).toBe(true)
      expect(r.content[0]?.text).toContain(
        `${local_path} is outside the folders allowed with --upload-dir (${allowed})`,
      )
    }
    expect([...fx.emu.state.files.values()].some((f) => f.data === Buffer.from('not yours').toString('base64'))).toBe(
      false,
    )
  })

  it('without --upload-dir, upload_file refuses and names the flag; a missing folder is a usage error', async () => {
    const { call } = await serve()
    const r = await call('upload_file', { local_path: join(allowed, 'notes.txt') })
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toBe(
      'upload_file reads only from folders allowed with --upload-dir, and none was\n' +
        'hint: restart the server with: agentry mcp serve --upload-dir <folder>',
    )
    const missing = await runCommand(['mcp', 'serve', '--upload-dir', join(base, 'nope')], { env: fx.env() })
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain(`--upload-dir ${join(base, 'nope')}: no such folder`)
  })
})

describe('mcp serve: choosing tools', () => {
  it('--tools exposes only those tools; a run without a secret is a tool error with the CLI hint', async () => {
    const { names, call } = await serve({ only: ['list_agents', 'cms_get', 'run_scenario'], readOnly: false }, {})
    expect(await names()).toEqual(['list_agents', 'run_scenario', 'cms_get'])
    const r = await call('run_scenario', { scenarioId: 'scn_summarize', input: 'x' })
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toBe(
      'no signing secret\nhint: set AGENTRY_SCENARIO_SECRET, pass --secret-file <path>, or run: agentry config set secret-file <path>',
    )
  })

  it('mcp serve --help lists the tools it serves, in the order it serves them', async () => {
    const help = await runCommand(['mcp', 'serve', '--help'], { env: fx.env() })
    const block = help.stdout.split('Tools, in the order they are served:\n')[1]?.split('\n\n')[0] ?? ''
    const listed = block.split('\n').flatMap((line) => (line.split(':')[1] ?? '').split(',').map((n) => n.trim()))
    const { names } = await serve()
    expect(listed).toEqual(await names())
    expect(listed).toEqual(allToolNames)
  })

  it('an unknown --tools name is a usage error listing the valid ones', async () => {
    const r = await runCommand(['mcp', 'serve', '--tools', 'list_agents,nope'], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('unknown tool nope')
    expect(r.stderr).toContain(allToolNames.join(', '))
    const both = await runCommand(['mcp', 'serve', '--read-only', '--tools', 'cms_save'], { env: fx.env() })
    expect(both.exitCode).toBe(2)
    const port = await runCommand(['mcp', 'serve', '--http', 'abc'], { env: fx.env() })
    expect(port.exitCode).toBe(2)
    expect(port.stderr).toContain('--http: abc must be a whole number from 0 to 65535')
  })

  it('--http on a port in use is a user error naming the port and the way on, not a bug', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const r = await runCommand(['mcp', 'serve', '--http', String(port)], { env: fx.env() })
      expect(r.exitCode).toBe(1)
      expect(r.stderr).toContain(`--http ${port}: port ${port} on 127.0.0.1 is already in use`)
      expect(r.stderr).toContain('--http 0 for any free one')
      expect(r.stderr).not.toMatch(/bug in agentry/i)
    } finally {
      taken.close()
    }
  })

  it('--read-only leaves out everything that writes or runs', async () => {
    const { names, client } = await serve({ readOnly: true }, {})
    expect(await names()).toEqual([
      'list_agents',
      'list_scenarios',
      'list_executions',
      'list_record_types',
      'get_record_types',
      'get_record_type',
      'cms_query',
      'cms_search',
      'cms_get',
      'list_files',
      'list_sites',
      'list_pages',
      'analyze_image',
    ])
    // an unknown tool is a protocol error (-32602, the spec's "Error Handling" in both eras; the v1 SDK answered a
    // tool result with isError)
    await expect(
      client.callTool({ name: 'cms_delete', arguments: { collection: 'posts', recordId: 'x' } }),
    ).rejects.toThrow('Tool cms_delete not found')
    const legacy = await serve({ readOnly: true }, {}, '2025-11-25')
    await expect(legacy.call('cms_delete', { collection: 'posts', recordId: 'x' })).rejects.toThrow(
      'Tool cms_delete not found',
    )
  })

  it('a credential without CMS management access gets no cms_save or cms_delete', async () => {
    const { names, stderr } = await serve({ readOnly: false }, { AGENTRY_API_KEY: demoKeys.cmsRead })
    const listed = await names()
    expect(listed).toContain('cms_query')
    for (const write of ['cms_save', 'cms_publish', 'cms_unpublish', 'cms_delete']) expect(listed).not.toContain(write)
    expect(stderr()).toContain('cms_save, cms_publish, cms_unpublish, cms_delete are left out')
    expect(stderr()).toContain('no CMS management (cma) access')
  })
})
