// `agentry mcp serve` (issue 10 item 1) as a process: the built CLI spawned by the MCP SDK's own StdioClientTransport,
// fed a piped batch that ends, SIGTERM, an OAuth login, against a real emulator. Serving Streamable HTTP (--http 0)
// with its bearer token, to the clients of both eras: test/e2e/mcp-eras.test.ts (one server for both).
// The tools themselves (every tool called, errors, cancelling, --tools, --read-only, the credential's CMS access) are
// checked in-process over the SDK's in-memory transport: test/interop/mcp-serve-tools.test.ts.
import { describe, expect, it } from 'vitest'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { binPath, cliEnv, runCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { oauthLogin } from '../helpers/oauth-login.js'
import { stdioClient } from '../interop/mcp-clients.js'
import { allToolNames, type ToolResult } from '../helpers/mcp-tools.js'

const fx = emulatorFixture({ built: true })

describe('mcp serve over stdio (the MCP SDK client spawns the CLI)', () => {
  it('lists the tools, streams progress over the pipe, answers, and keeps the key off stderr', async () => {
    const mcp = await stdioClient([], fx.env())
    try {
      expect((await mcp.client.listTools()).tools.map((t) => t.name)).toEqual(allToolNames)
      const deltas: string[] = []
      const r = (await mcp.client.callTool(
        { name: 'ask_agent', arguments: { agentId: 'demo-assistant', message: 'hello' } },
        undefined,
        { onprogress: (p) => void deltas.push(p.message ?? '') },
      )) as ToolResult
      expect(r.isError, r.content[0]?.text).toBeFalsy()
      const answer = r.structuredContent?.answer as string
      expect(answer.length).toBeGreaterThan(0)
      expect(deltas.length).toBeGreaterThan(1)
      expect(deltas.join('')).toBe(answer)
      const failed = (await mcp.client.callTool({
        name: 'ask_agent',
        arguments: { agentId: 'no-such-agent', message: 'hi' },
      })) as ToolResult
      expect(failed.isError).toBe(true)
      expect(mcp.stderr()).not.toContain(fx.emu.demoApiKey)
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

describe('mcp serve: SIGTERM', () => {
  it('ends the run with 0 while its client keeps stdin open (stdin is let go, nothing keeps it alive)', async () => {
    // a short SIGTERM grace: a run still going after it ends by the signal's default action (src/cli.ts)
    const env = cliEnv(tempConfigDir(), { ...fx.env(), AGENTRY_TERM_GRACE_MS: '400' })
    const child = spawn(process.execPath, [binPath, 'mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    try {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }
      child.stdin.write(`${JSON.stringify(initialize)}\n`)
      await once(child.stdout, 'data') // serving
      const ended = once(child, 'exit')
      child.kill('SIGTERM')
      const [code, signal] = await ended
      expect({ code, signal }).toEqual({ code: 0, signal: null })
    } finally {
      child.kill('SIGKILL') // a no-op once it ended
    }
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
      const r = (await mcp.client.callTool({ name: 'list_agents', arguments: {} })) as ToolResult
      expect(r.isError, r.content[0]?.text).toBeFalsy()
      expect(await counters()).toBe(before + 1)
      expect(mcp.stderr()).not.toContain(creds.profiles.default.oauth.refreshToken)
    } finally {
      await mcp.close()
    }
  })
})
