// `agentry mcp serve` in the 2026-07-28 revision of MCP (issue 32 item 1), as a process against a real emulator, met
// by the peers' own software: the v2 SDK's client (`@modelcontextprotocol/client`, pinned to 2026-07-28: it sends
// server/discover first and `_meta` on every request, with no initialize and no session) over stdio and Streamable
// HTTP (over stdio its server/discover probe and the session on one process: test/interop/mcp-clients.ts), a
// hand-written stateless exchange piped to stdin (a tools/call first, no discover before it), and the MCP
// Inspector's CLI (its bin from node_modules) calling the tools. Over Streamable HTTP one `mcp serve --http` serves both eras' clients (the v1 SDK's
// client, initialize and sessions, too) and the Inspector; the 2025-11-25 era over stdio is test/e2e/mcp-serve.test.ts.
// The v2 SDK's stdio server runs on an OAuth login whose access token has expired (refreshed once, as for every
// command); the piped exchange shows the end of stdin (what was received is answered, then exit 0) for both eras: one
// stdio entry (src/mcp/stdio-drain.ts) serves them.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { binPath, cliEnv, repoRoot, runCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { allToolNames, type ToolResult } from '../helpers/mcp-tools.js'
import { oauthLogin, setGrantExpiry } from '../helpers/oauth-login.js'
import { type HttpServe, httpServe, modernStdioClient } from '../interop/mcp-clients.js'

const fx = emulatorFixture({ built: true })

/** The reserved `_meta` keys of a 2026-07-28 request. */
const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'hand-written', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

describe('mcp serve over stdio, 2026-07-28 (the v2 SDK client spawns the CLI, probing it in place)', () => {
  it('discovers the server, lists the tools, streams progress and returns structured results; an expired OAuth access token is refreshed once, kept off stderr', {
    // two tests' work (a login in-process, then the server): the time of each on a loaded machine
    timeout: 40_000,
  }, async () => {
    // was test/e2e/mcp-serve.test.ts' own stdio server with the v1 SDK's client: the refresh is the HTTP client's,
    // whichever era the connection speaks
    const dir = tempConfigDir()
    expect(await oauthLogin(fx.emu, dir)).toBe(0)
    const grant = await setGrantExpiry(dir, Date.now() - 1000)
    const refreshes = async () =>
      ((await (await hook(fx.emu, 'GET', 'counters')).json()) as Record<string, number>)['oauth.refresh'] ?? 0
    const before = await refreshes()
    const mcp = await modernStdioClient([], { AGENTRY_ACCOUNT: fx.emu.accountId }, dir)
    try {
      expect(mcp.client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
      expect(mcp.client.getServerVersion()?.name).toBe('agentry')
      expect(mcp.client.getServerCapabilities()?.tools).toBeDefined()
      expect((await mcp.client.listTools()).tools.map((t) => t.name)).toEqual(allToolNames)
      const deltas: string[] = []
      const r = (await mcp.client.callTool(
        { name: 'ask_agent', arguments: { agentId: 'demo-assistant', message: 'hello' } },
        { onprogress: (p) => void deltas.push(p.message ?? '') },
      )) as ToolResult
      expect(r.isError, r.content[0]?.text).toBeFalsy()
      expect(deltas.join('')).toBe(r.structuredContent?.answer)
      const list = (await mcp.client.callTool({ name: 'list_agents', arguments: {} })) as ToolResult
      expect(list.structuredContent?.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
      expect(await refreshes()).toBe(before + 1)
      expect(mcp.stderr()).not.toContain(grant.refreshToken)
    } finally {
      await mcp.close()
    }
  })

  it('a piped stateless exchange (tools/call with its _meta as the first request, as the v2 SDK sends on the session process its stock transport starts after probing a sibling; then server/discover; no initialize) is answered before the end of stdin stops the server with 0', async () => {
    const lines = [
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_agents', arguments: {}, _meta: envelope } },
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } },
      // a request without its envelope on a 2026-07-28 connection is refused, not guessed at
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
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
    const byId = new Map(answers.map((a) => [a.id, a]))
    const discover = byId.get(1).result
    expect(discover.supportedVersions).toContain('2026-07-28')
    expect(discover._meta['io.modelcontextprotocol/serverInfo'].name).toBe('agentry')
    expect(discover.capabilities.tools).toBeDefined()
    expect(byId.get(2).result.structuredContent.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
    expect(byId.get(3).error?.code).toBe(-32602)
  })
})

// @modelcontextprotocol/inspector-cli's bin, run from node_modules (no npx); it looks for its package.json relative
// to the working directory, so it runs from its own build directory
const inspectorDir = join(repoRoot, 'node_modules/@modelcontextprotocol/inspector-cli/build')
const inspector = async (args: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, ['index.js', ...args], {
    cwd: inspectorDir,
    env: cliEnv(tempConfigDir(), fx.env()),
    timeout: 30_000,
  })
  return JSON.parse(stdout)
}

describe('mcp serve --http: one server for both eras (2026-07-28 stateless, 2025-11-25 sessions) and the Inspector', () => {
  let serve: HttpServe
  beforeAll(async () => {
    serve = await httpServe([], fx.env())
  })
  afterAll(() => serve.stop())

  it('the v2 SDK client lists and calls the tools; 2025 clients still get sessions on the same endpoint', async () => {
    const modern = await serve.connectModern()
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(allToolNames)
    const r = (await modern.callTool({ name: 'cms_query', arguments: { collection: 'posts' } })) as ToolResult
    expect(r.isError, r.content[0]?.text).toBeFalsy()
    expect(r.structuredContent?.items.length).toBeGreaterThan(0)
    const legacy = await serve.connect()
    expect((await legacy.listTools()).tools.map((t) => t.name)).toEqual(allToolNames)
  })

  it('cancelling ask_agent (progress streamed over SSE) cancels it on the service', async () => {
    const client = await serve.connectModern()
    const before = new Set(fx.emu.state.cancelled)
    const controller = new AbortController()
    const pending = client.callTool(
      { name: 'ask_agent', arguments: { agentId: 'slow-poet', message: 'a poem' } },
      { signal: controller.signal, onprogress: () => controller.abort('enough') },
    )
    await expect(pending).rejects.toThrow()
    await expect.poll(() => [...fx.emu.state.cancelled].filter((id) => !before.has(id)).length).toBe(1)
  })

  it('server/discover over HTTP: no session id; the token, Host and Origin checks hold for it too', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(serve.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'server/discover',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } }),
      })
    expect((await post({})).status).toBe(401)
    expect((await post({ authorization: `Bearer ${serve.token}`, origin: 'https://evil.example' })).status).toBe(403)
    const ok = await post({ authorization: `Bearer ${serve.token}` })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('mcp-session-id')).toBeNull()
    const body = await ok.text()
    const json = JSON.parse(body.startsWith('{') ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? 'null'))
    expect(json.result.supportedVersions).toContain('2026-07-28')
  })

  it('2025-11-25: serves on 127.0.0.1 and the v1 SDK client with the token lists and calls tools', async () => {
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const client = await serve.connect()
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(allToolNames)
    const r = (await client.callTool({ name: 'list_agents', arguments: {} })) as ToolResult
    expect(r.structuredContent?.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
  })

  it('2025-11-25: a request without the token, or with another, is 401; a foreign Host or Origin is 403', async () => {
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

  it('2025-11-25: cancelling ask_agent over HTTP (the v1 SDK client) cancels it on the service', async () => {
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

  it('the MCP Inspector CLI calls a tool with arguments over Streamable HTTP with the bearer token', async () => {
    const auth = `Authorization: Bearer ${serve.token}`
    const got = await inspector([
      serve.url,
      '--header',
      auth,
      '--method',
      'tools/call',
      '--tool-name',
      'cms_get',
      '--tool-arg',
      'collection=posts',
      'recordId=no-such-record',
    ])
    expect(got.isError).toBe(true)
    expect(got.content[0].text).toMatch(/not found/i)
  })
})

describe('the MCP Inspector CLI against mcp serve over stdio (over HTTP: the --http block above)', () => {
  const serveCommand = [process.execPath, binPath, 'mcp', 'serve']

  // its tools/list is the v1 SDK client's listTools (the Inspector's own dependency, the same package), which
  // test/e2e/mcp-serve.test.ts runs over stdio against the same command: one Inspector and one server process fewer
  it('calls a tool over stdio, starting mcp serve from its own command line', async () => {
    const called = await inspector([...serveCommand, '--method', 'tools/call', '--tool-name', 'list_agents'])
    expect(called.isError).toBeFalsy()
    expect(called.structuredContent.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
  })
})
