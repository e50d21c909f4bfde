// `agentry mcp serve` (issue 10 item 1) as a process: the built CLI spawned by the MCP SDK's own StdioClientTransport,
// fed a raw 2025 exchange on a pipe then SIGTERM, against a real emulator. Serving Streamable HTTP (--http 0) with its
// bearer token, to the clients of both eras, the end of stdin (a piped batch answered, then exit 0) and an OAuth login
// refreshed: test/e2e/mcp-eras.test.ts (the v2 SDK's stdio server and its piped exchange: one stdio entry serves both
// eras).
// The tools themselves (every tool called, errors, cancelling, --tools, --read-only, the credential's CMS access) are
// checked in-process over the SDK's in-memory transport: test/interop/mcp-serve-tools.test.ts.
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { binPath, cliEnv, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'
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

describe('mcp serve: a raw 2025 exchange on a pipe, then SIGTERM', () => {
  it('answers the piped requests (initialize, then a tool call), then SIGTERM ends it with 0 while its client keeps stdin open (stdin is let go, nothing keeps it alive)', async () => {
    // a short SIGTERM grace: a run still going after it ends by the signal's default action (src/cli.ts)
    const env = cliEnv(tempConfigDir(), { ...fx.env(), AGENTRY_TERM_GRACE_MS: '400' })
    const child = spawn(process.execPath, [binPath, 'mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    try {
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
      child.stdin.write(lines.map((l) => `${JSON.stringify(l)}\n`).join(''))
      let out = ''
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString()
      })
      const answers = () =>
        out
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l))
      await pollUntil(() => answers().length === 2, { timeoutMs: 15_000, what: 'the answers to both requests' })
      expect(answers().map((a) => a.id)).toEqual([1, 2])
      expect(answers()[1].result.structuredContent.items.map((a: { id: string }) => a.id)).toContain('demo-assistant')
      const ended = once(child, 'exit')
      child.kill('SIGTERM')
      const [code, signal] = await ended
      expect({ code, signal }).toEqual({ code: 0, signal: null })
    } finally {
      child.kill('SIGKILL') // a no-op once it ended
    }
  })
})
