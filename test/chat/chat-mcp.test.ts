// `agentry chat --mcp` (issue 10 item 2) end to end: the CLI in-process (src/cli.ts run()) with real MCP servers of
// both eras against the emulator, whose scripted model calls "use <tool> with {json}" exactly (docs/mcp.md). The
// tool's result goes back to the agent, which quotes it in its answer. The servers: the current
// @modelcontextprotocol/server-everything from the npm registry (its `get-sum` tool; built on the v1 SDK:
// 2025-11-25, `initialize`), and a server built on the v2 SDK (test/fixtures/mcp/v2-server.mjs), which with
// --modern-only refuses every 2025 request: a call that works there was made in the stateless 2026-07-28 revision.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const everything = join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
// quoted as a user would: the command line is split into argv, never run through a shell
const server = `'${process.execPath}' '${everything}' stdio`
const chat = (args: string[], configDir?: string) =>
  runCommand(['chat', 'demo-assistant', ...args], { env: fx.env(), ...(configDir ? { configDir } : {}) })
type Event = {
  type: string
  name?: string
  content?: string
  isError?: boolean
  text?: string
  input?: Record<string, unknown>
}
const events = (stdout: string): Event[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))

describe('chat --mcp (server-everything, built CLI, emulator)', () => {
  // one server for both calls (each server start is ~0.5 s of CPU): a good call and one the server refuses, in one turn
  it('streamed: the agent calls get-sum through MCP and answers with its result; a tool error goes back as an error result', async () => {
    const r = await chat([
      '-m',
      'use get-sum with {"a":2,"b":40} and use get-sum with {"a":"two","b":1}',
      '--mcp',
      server,
      '--approve-tools',
      '-o',
      'ndjson',
    ])
    expect(r.exitCode, r.stderr).toBe(0)
    const ev = events(r.stdout)
    const uses = ev.filter((e) => e.type === 'tool_use')
    expect(uses).toMatchObject([
      { name: 'get-sum', input: { a: 2, b: 40 } },
      { name: 'get-sum', input: { a: 'two', b: 1 } },
    ])
    const [result, failed] = ev.filter((e) => e.type === 'tool_result')
    expect(result).toMatchObject({ name: 'get-sum', isError: false })
    expect(result?.content).toContain('42')
    // the server's error goes back to the agent as an error result, and the turn goes on
    expect(failed).toMatchObject({ name: 'get-sum', isError: true })
    expect(JSON.parse(failed?.content ?? '{}').error).toBeTruthy()
    const answer = ev
      .filter((e) => e.type === 'text')
      .map((e) => e.text)
      .join('')
    expect(answer).toContain('42')
    // each call is shown on stderr
    expect(r.stderr).toContain('→ get-sum {"a":2,"b":40}')
  })

  it('without a terminal, --mcp needs --approve-tools: a usage error before anything is sent', async () => {
    const r = await chat(['-m', 'use echo with {"message":"x"}', '--mcp', server])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('--mcp tools need approval, and there is no terminal to ask on')
    expect(r.stderr).toContain('--approve-tools')
  })

  it('a server that cannot start, or an unclosed quote, is a usage error naming it', async () => {
    const missing = await chat(['-m', 'hi', '--mcp', '/nonexistent/mcp-server --x', '--approve-tools'])
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain('--mcp /nonexistent/mcp-server --x: the MCP server did not start')
    // a shell, not node, as the failing server: it is started twice (the probe, then initialize), and a node start is
    // ~0.1 s of CPU
    const script = `sh -c 'echo "no config found" >&2; exit 3'`
    const failing = await chat(['-m', 'hi', '--mcp', script, '--approve-tools'])
    expect(failing.exitCode).toBe(2)
    expect(failing.stderr).toContain('the MCP server did not start')
    expect(failing.stderr).toContain('(its stderr: no config found)')
    const quote = await chat(['-m', 'hi', '--mcp', "node 'oops", '--approve-tools'])
    expect(quote.exitCode).toBe(2)
    expect(quote.stderr).toContain("unclosed ' quote")
  })
})

describe('chat --mcp with a server on the v2 SDK (2026-07-28)', () => {
  const v2 = (flags = '') =>
    `'${process.execPath}' '${join(repoRoot, 'test/fixtures/mcp/v2-server.mjs')}'${flags ? ` ${flags}` : ''}`
  const toolResult = async (message: string, line: string) => {
    const r = await chat(['-m', message, '--mcp', line, '--approve-tools', '-o', 'ndjson'])
    expect(r.exitCode, r.stderr).toBe(0)
    return { result: events(r.stdout).find((e) => e.type === 'tool_result'), stdout: r.stdout }
  }

  it('a server that speaks 2026-07-28 only: the call is made in that revision, and its structured result is read', async () => {
    // both calls in one turn, on one server
    const r = await chat([
      '-m',
      'use era with {} and use add with {"a":2,"b":40}',
      '--mcp',
      v2('--modern-only'),
      '--approve-tools',
      '-o',
      'ndjson',
    ])
    expect(r.exitCode, r.stderr).toBe(0)
    const [era, add] = events(r.stdout).filter((e) => e.type === 'tool_result')
    expect(era).toMatchObject({ name: 'era', isError: false, content: 'protocol 2026-07-28' })
    // a result with structuredContent and no text part goes to the agent as its JSON
    expect(add).toMatchObject({ name: 'add', isError: false })
    expect(JSON.parse(add?.content ?? '{}')).toEqual({ sum: 42 })
  })

  // one server start for two things: the server comes from the profile's mcp-servers setting (no --mcp), and a server
  // of both eras is spoken to in the newer one (the answer, not streamed, quotes the era the call was made in)
  it('a server of both eras, from the profile mcp-servers setting (no --mcp), is spoken to in the newer one; not streamed, the answer quotes its result', async () => {
    const dir = tempConfigDir()
    const set = await runCommand(['config', 'set', 'mcp-servers', JSON.stringify([v2()])], { configDir: dir })
    expect(set.exitCode, set.stderr).toBe(0)
    const r = await chat(['-m', 'use era with {}', '--approve-tools', '--no-stream'], dir)
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.stdout).toContain('protocol 2026-07-28')
    expect(r.stderr).toContain('→ era {}')
  })

  it('a 2025 server that ends on the server/discover probe is started again and spoken to with initialize', async () => {
    const strict = `'${process.execPath}' '${join(repoRoot, 'test/fixtures/mcp/strict-2025-server.mjs')}'`
    const ping = await toolResult('use ping2025 with {}', strict)
    expect(ping.result).toMatchObject({ name: 'ping2025', isError: false, content: 'pong' })
  })
})
