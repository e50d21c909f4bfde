// `agentry mcp serve` (issue 10 item 1) driven by the MCP SDK's own Client: the built CLI as a process, over stdio
// (the SDK's StdioClientTransport spawns it) and over Streamable HTTP (--http 0), against a real emulator. Every tool is
// called, errors come back as tool errors with the CLI's words, an ask is cancelled mid-stream (and on the service),
// --tools and --read-only narrow the list. A process tier's file: it was in test/interop, where it made the in-process
// tier spawn CLIs; the tool list in-process, over the SDK's in-memory transport, is test/interop/mcp-live-tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoKeys } from '../../src/emulator/seed.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runCli, tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { oauthLogin } from '../helpers/oauth-login.js'
import { type Connected, type HttpServe, httpServe, stdioClient } from '../interop/mcp-clients.js'

const fx = emulatorFixture()
const allNames = [
  'list_agents',
  'ask_agent',
  'list_scenarios',
  'run_scenario',
  'trigger_webhook',
  'cms_query',
  'cms_get',
  'cms_save',
  'cms_delete',
  'list_sites',
  'list_pages',
  'analyze_image',
  'generate_image',
]
// biome-ignore lint/suspicious/noExplicitAny: the tests read the tools' JSON results
type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, any>; isError?: boolean }
const env = () => ({ ...fx.env(), AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret })

describe('mcp serve over stdio (the MCP SDK client)', () => {
  let mcp: Connected
  beforeAll(async () => {
    mcp = await stdioClient([], env())
  })
  afterAll(() => mcp.close())
  const call = async (name: string, args: Record<string, unknown>) =>
    (await mcp.client.callTool({ name, arguments: args })) as Result
  const ok = async (name: string, args: Record<string, unknown>) => {
    const r = await call(name, args)
    expect(r.isError, r.content[0]?.text).toBeFalsy()
    return r.structuredContent ?? {}
  }

  it('lists every tool, with input schemas from the contract and read-only hints', async () => {
    const { tools } = await mcp.client.listTools()
    expect(tools.map((t) => t.name)).toEqual(allNames)
    const generate = tools.find((t) => t.name === 'generate_image')
    expect(generate?.inputSchema.required).toEqual(['prompt'])
    expect(generate?.inputSchema.properties).toHaveProperty('size')
    // descriptions declared on the zod/mini schemas reach the JSON Schema the client sees
    const ask = tools.find((t) => t.name === 'ask_agent')?.inputSchema.properties
    expect(ask?.message).toMatchObject({ type: 'string', minLength: 1, description: 'what to ask' })
    expect(ask?.max_tokens).toMatchObject({ type: 'integer', description: 'cap the length of the answer' })
    expect(tools.find((t) => t.name === 'cms_query')?.annotations?.readOnlyHint).toBe(true)
    expect(tools.find((t) => t.name === 'run_scenario')?.annotations?.readOnlyHint).toBe(false)
  })

  it('list_agents, list_scenarios, list_sites, list_pages read the account', async () => {
    expect((await ok('list_agents', {})).items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
    expect((await ok('list_scenarios', { limit: 100 })).items.map((s: { id: string }) => s.id)).toContain(
      'scn_summarize',
    )
    expect((await ok('list_sites', {})).items.map((s: { id: string }) => s.id)).toContain('site_docs')
    const pages = await ok('list_pages', { siteId: 'site_docs' })
    expect(pages.items.length).toBeGreaterThan(0)
    expect(pages.items.length).toBe(fx.emu.state.sites.get('site_docs')?.pages.length)
  })

  it('ask_agent streams progress notifications and returns the whole answer', async () => {
    const deltas: string[] = []
    const r = (await mcp.client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'demo-assistant', message: 'hello' } },
      undefined,
      {
        onprogress: (p) => void deltas.push(p.message ?? ''),
      },
    )) as Result
    expect(r.isError).toBeFalsy()
    const answer = r.structuredContent?.answer as string
    expect(answer.length).toBeGreaterThan(0)
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(answer)
  })

  it('run_scenario signs with the profile secret and the emulator records the signed run', async () => {
    const execution = await ok('run_scenario', { scenarioId: 'scn_summarize', input: 'from MCP' })
    expect(execution).toMatchObject({ scenarioId: 'scn_summarize', status: 'completed' })
    expect(fx.emu.state.executions.get(execution.id)).toMatchObject({ trigger: 'signed', input: 'from MCP' })
  })

  it('trigger_webhook posts the payload with the webhook secret', async () => {
    const answer = await ok('trigger_webhook', { webhookId: 'whk_orders', payload: { order: 42 } })
    expect(answer.received).toBe(true)
    expect(fx.emu.state.executions.get(answer.executionId)).toMatchObject({ scenarioId: 'scn_summarize' })
  })

  it('cms_query, cms_get, cms_save and cms_delete work on records', async () => {
    const q = await ok('cms_query', { collection: 'posts', pageSize: 3, orderBy: 'id:asc' })
    expect(q.rows).toHaveLength(3)
    const got = await ok('cms_get', { collection: 'posts', recordId: q.rows[0].id })
    expect(got.id).toBe(q.rows[0].id)
    const saved = await ok('cms_save', { collection: 'posts', data: { title: 'via MCP' }, tags: ['mcp'] })
    expect(saved.data).toMatchObject({ title: 'via MCP' })
    const deleted = await ok('cms_delete', { collection: 'posts', recordId: saved.id })
    expect(deleted.deleted).toBe(true)
    const gone = await call('cms_get', { collection: 'posts', recordId: saved.id })
    expect(gone.isError).toBe(true)
  })

  it('analyze_image and generate_image', async () => {
    const analyzed = await ok('analyze_image', { imageUrl: 'https://example.com/cat.png', prompt: 'What is it?' })
    expect(typeof analyzed.text).toBe('string')
    const generated = await ok('generate_image', { prompt: 'a lighthouse', size: '256x256' })
    expect(generated.url).toMatch(/^https?:\/\//)
  })

  it('failures are tool errors with the CLI message and hint', async () => {
    const r = await call('ask_agent', { agentId: 'no-such-agent', message: 'hi' })
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toMatch(/404|not found/i)
    const q = await call('cms_query', { collection: 'posts', where: '{not json' })
    expect(q.isError).toBe(true)
    expect(q.content[0]?.text).toMatch(/^where: /)
    expect(mcp.stderr()).not.toContain(fx.emu.demoApiKey)
  })

  it('cancelling ask_agent mid-stream cancels the completion on the service', async () => {
    const before = new Set(fx.emu.state.cancelled)
    const controller = new AbortController()
    let progressed = 0
    const pending = mcp.client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'slow-poet', message: 'a poem please' } },
      undefined,
      {
        signal: controller.signal,
        onprogress: () => {
          if (++progressed === 2) controller.abort('enough')
        },
      },
    )
    await expect(pending).rejects.toThrow()
    await expect.poll(() => [...fx.emu.state.cancelled].filter((id) => !before.has(id)).length).toBe(1)
    expect(progressed).toBeGreaterThanOrEqual(2)
    expect(fx.emu.state.inflight.size).toBe(0)
  })
})

describe('mcp serve: choosing tools', () => {
  it('--tools exposes only those tools; a run without a secret is a tool error with the CLI hint', async () => {
    const mcp = await stdioClient(['--tools', 'list_agents,cms_get,run_scenario'], fx.env())
    try {
      const names = (await mcp.client.listTools()).tools.map((t) => t.name)
      expect(names).toEqual(['list_agents', 'run_scenario', 'cms_get'])
      const r = (await mcp.client.callTool({
        name: 'run_scenario',
        arguments: { scenarioId: 'scn_summarize', input: 'x' },
      })) as Result
      expect(r.isError).toBe(true)
      expect(r.content[0]?.text).toBe(
        'no signing secret\nhint: set AGENTRY_SCENARIO_SECRET, pass --secret-file <path>, or run: agentry config set secret-file <path>',
      )
    } finally {
      await mcp.close()
    }
  })

  it('an unknown --tools name is a usage error listing the valid ones', async () => {
    const r = await runCommand(['mcp', 'serve', '--tools', 'list_agents,nope'], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('unknown tool nope')
    expect(r.stderr).toContain(allNames.join(', '))
    const both = await runCommand(['mcp', 'serve', '--read-only', '--tools', 'cms_save'], { env: fx.env() })
    expect(both.exitCode).toBe(2)
    const port = await runCommand(['mcp', 'serve', '--http', 'abc'], { env: fx.env() })
    expect(port.exitCode).toBe(2)
    expect(port.stderr).toContain('--http: abc must be a whole number from 0 to 65535')
  })

  it('--read-only leaves out everything that writes or runs', async () => {
    const mcp = await stdioClient(['--read-only'], fx.env())
    try {
      const names = (await mcp.client.listTools()).tools.map((t) => t.name)
      expect(names).toEqual([
        'list_agents',
        'list_scenarios',
        'cms_query',
        'cms_get',
        'list_sites',
        'list_pages',
        'analyze_image',
      ])
      const r = await mcp.client.callTool({ name: 'cms_delete', arguments: { collection: 'posts', recordId: 'x' } })
      expect(r.isError).toBe(true)
    } finally {
      await mcp.close()
    }
  })

  it('a credential without CMS management access gets no cms_save or cms_delete', async () => {
    const mcp = await stdioClient([], { ...fx.env(), AGENTRY_API_KEY: demoKeys.cmsRead })
    try {
      const names = (await mcp.client.listTools()).tools.map((t) => t.name)
      expect(names).toContain('cms_query')
      expect(names).not.toContain('cms_save')
      expect(names).not.toContain('cms_delete')
      expect(mcp.stderr()).toContain('no CMS management (cma) access')
    } finally {
      await mcp.close()
    }
  })
})

describe('mcp serve: the end of stdin', () => {
  it('a piped batch of requests is answered before the server stops, then it exits 0', async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_agents', arguments: {} } },
    ]
    const r = await runCli(['mcp', 'serve'], {
      env: fx.env(),
      input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    })
    expect(r.exitCode, r.stderr).toBe(0)
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(answers.map((a) => a.id)).toEqual([1, 2])
    expect(answers[1].result.structuredContent.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
  })
})

describe('mcp serve with an OAuth login', () => {
  it('an expired access token is refreshed before the tool call, as for every command', async () => {
    const dir = tempConfigDir()
    expect(await oauthLogin(fx.emu, dir)).toBe(0)
    const file = join(dir, 'credentials.json')
    const creds = JSON.parse(await readFile(file, 'utf8'))
    creds.profiles.default.oauth.expiresAt = Date.now() - 1000
    await writeFile(file, JSON.stringify(creds), { mode: 0o600 })
    const counters = async () =>
      ((await (await hook(fx.emu, 'GET', 'counters')).json()) as Record<string, number>)['oauth.refresh'] ?? 0
    const before = await counters()
    const mcp = await stdioClient([], { AGENTRY_ACCOUNT: fx.emu.accountId }, dir)
    try {
      const r = (await mcp.client.callTool({ name: 'list_agents', arguments: {} })) as Result
      expect(r.isError, r.content[0]?.text).toBeFalsy()
      expect(await counters()).toBe(before + 1)
      expect(mcp.stderr()).not.toContain(creds.profiles.default.oauth.refreshToken)
    } finally {
      await mcp.close()
    }
  })
})

describe('mcp serve --http (Streamable HTTP, bearer token)', () => {
  let serve: HttpServe
  beforeAll(async () => {
    serve = await httpServe([], env())
  })
  afterAll(() => serve.stop())

  it('serves on 127.0.0.1 and the SDK client with the token lists and calls tools', async () => {
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const client = await serve.connect()
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(allNames)
    const r = (await client.callTool({ name: 'list_agents', arguments: {} })) as Result
    expect(r.structuredContent?.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
  })

  it('a request without the token, or with another, is 401; a foreign Host or Origin is 403', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }
    const post = (headers: Record<string, string>) =>
      fetch(serve.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      })
    const none = await post({})
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401)
    const { request } = await import('undici')
    const foreign = await request(serve.url, {
      method: 'POST',
      headers: { host: 'evil.example', authorization: `Bearer ${serve.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(init),
    })
    expect(foreign.statusCode).toBe(403)
    await foreign.body.dump()
    const page = await post({ authorization: `Bearer ${serve.token}`, origin: 'https://evil.example' })
    expect(page.status).toBe(403)
  })

  it('cancelling ask_agent over HTTP cancels it on the service', async () => {
    const client = await serve.connect()
    const before = new Set(fx.emu.state.cancelled)
    const controller = new AbortController()
    const pending = client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'slow-poet', message: 'a poem' } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('enough') },
    )
    await expect(pending).rejects.toThrow()
    await expect.poll(() => [...fx.emu.state.cancelled].filter((id) => !before.has(id)).length).toBe(1)
  })
})
