// Starting one `chat --mcp` server (a command line, stdio transport) and connecting the v2 SDK's client to it, in
// whichever era it speaks (./era.ts): server/discover first, on the server's own pipe, and 2026-07-28 (the `_meta`
// envelope on each request) when it is offered, else `initialize` (2025-11-25 and older). A slow start (a first
// `npx -y` run) is not taken for a 2025 server: after 5 s of silence `initialize` is sent too, and the first answer
// decides. One process a server, ~40 ms more for a 2025 server (measured with server-everything). A server that ends
// on a request before `initialize` (some 2025-era SDKs do) is started again, in 2025 only.
import { Client } from '@modelcontextprotocol/client'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { UsageError } from '../errors.js'
import { sanitizeText } from '../text/sanitize.js'
import { splitCommandLine } from '../io/command-line.js'
import { connectEitherEra, ProbedPipe } from './era.js'

/** How long a server may stay silent on server/discover before initialize is sent too (./era.ts). */
const probeTimeoutMs = 5_000

/** The real clock of the probe: a timer that does not keep the process alive. */
const realWait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref()
  })

/** Starts the server of `line` and connects a client; a usage error says why it did not start (its stderr's tail). */
export async function startStdioServer(line: string, version: string): Promise<Client> {
  const [command, ...args] = splitCommandLine(line, `--mcp ${line}`)
  const params = { command: command!, args, env: getDefaultEnvironment(), stderr: 'pipe' as const }
  const identity = { name: 'agentry', version }
  const attempt = async (era: 'either' | 'legacy') => {
    const transport = new StdioClientTransport(params)
    // the server's stderr is kept (its tail only) to say why it did not start; it is never shown otherwise
    let stderr = ''
    transport.stderr?.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-2000)
    })
    const client = new Client(identity)
    try {
      if (era === 'legacy') await client.connect(transport)
      else if (
        (await connectEitherEra(client, new ProbedPipe(transport), identity, probeTimeoutMs, realWait)) === 'ended'
      )
        return undefined
      return client
    } catch (err) {
      await client.close().catch(() => {})
      await transport.close().catch(() => {})
      const tail = sanitizeText(stderr.trim().split('\n').slice(-3).join(' / '))
      throw new UsageError(
        `--mcp ${line}: the MCP server did not start: ${(err as Error).message}${tail ? ` (its stderr: ${tail})` : ''}`,
      )
    }
  }
  // a server that ends on the probe (some 2025-era SDKs do) is started again and spoken to with initialize only
  return (await attempt('either')) ?? (await attempt('legacy'))!
}
