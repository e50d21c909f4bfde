// Starting one `chat --mcp` server (a command line, stdio transport) and connecting the v2 SDK's client to it, in
// whichever era it speaks: the client asks server/discover first (versionNegotiation 'auto') on the server's own
// pipe, and speaks 2026-07-28 (the `_meta` envelope on each request) when it is offered, else opens with
// `initialize` (2025-11-25 and older). The probe runs in place: one process a server, ~40 ms more for a 2025 server
// (measured with server-everything; the SDK's default, a probe on a sibling process, costs a second start, ~0.5 s).
// A server that ends on a request before `initialize` (some 2025-era SDKs do) is started again, in 2025 only.
import { Client } from '@modelcontextprotocol/client'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { UsageError } from '../errors.js'
import { sanitizeText } from '../text/sanitize.js'
import { splitCommandLine } from './command-line.js'

/** The SDK's stdio transport, as a subclass: the SDK then probes the era on this pipe instead of a sibling process. */
class InPlaceStdio extends StdioClientTransport {}

/** How long a server may stay silent on server/discover before it is taken for a 2025 one (it then gets initialize). */
const probeTimeoutMs = 5_000

/** Starts the server of `line` and connects a client; a usage error says why it did not start (its stderr's tail). */
export async function startStdioServer(line: string, version: string): Promise<Client> {
  const [command, ...args] = splitCommandLine(line, `--mcp ${line}`)
  const params = { command: command!, args, env: getDefaultEnvironment(), stderr: 'pipe' as const }
  const attempt = async (era: 'auto' | 'legacy') => {
    const transport = era === 'auto' ? new InPlaceStdio(params) : new StdioClientTransport(params)
    // the server's stderr is kept (its tail only) to say why it did not start; it is never shown otherwise
    let stderr = ''
    transport.stderr?.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-2000)
    })
    const client = new Client(
      { name: 'agentry', version },
      { versionNegotiation: { mode: era, probe: { timeoutMs: probeTimeoutMs } } },
    )
    try {
      await client.connect(transport)
      return client
    } catch (err) {
      await client.close().catch(() => {})
      const tail = sanitizeText(stderr.trim().split('\n').slice(-3).join(' / '))
      throw new UsageError(
        `--mcp ${line}: the MCP server did not start: ${(err as Error).message}${tail ? ` (its stderr: ${tail})` : ''}`,
      )
    }
  }
  try {
    return await attempt('auto')
  } catch {
    return attempt('legacy')
  }
}
