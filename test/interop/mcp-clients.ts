// The MCP SDK's own clients connected to the built CLI's `mcp serve`: over stdio (the CLI spawned by
// StdioClientTransport) and over Streamable HTTP (the CLI spawned with --http 0, its URL and bearer token read from
// its stderr). The v1 SDK's client (`@modelcontextprotocol/sdk`) speaks 2025-11-25 with `initialize`; the v2 SDK's
// (`@modelcontextprotocol/client`), pinned to 2026-07-28, speaks the stateless revision (server/discover first,
// `_meta` on each request, no session).
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { binPath, cliEnv, spawnCli, tempConfigDir } from '../helpers/cli.js'

/** A connected client and how to stop it. */
export interface Connected {
  client: Client
  stderr(): string
  close(): Promise<void>
}

/** `agentry mcp serve <args>` over stdio, with this environment (and config dir: default a new one). */
export async function stdioClient(
  args: string[],
  env: Record<string, string | undefined>,
  configDir = tempConfigDir(),
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, 'mcp', 'serve', ...args],
    env: cliEnv(configDir, env),
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString()
  })
  const client = new Client({ name: 'agentry-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close() }
}

/** The v2 SDK's client, pinned to the 2026-07-28 revision. */
const modernClient = () =>
  new ModernClient({ name: 'agentry-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })

/**
 * The v2 SDK's stdio transport as a subclass, which the client probes in place: its stock transport runs the
 * `server/discover` probe on a sibling process spawned from the same parameters (for servers of older SDKs that exit
 * on a request before `initialize`) and then starts the session's own process, whose first request is no discover.
 * Here the probe, then the session's requests, go to one process (one CLI start, not two); a connection whose first
 * request is no discover is the piped exchange's of test/e2e/mcp-eras.test.ts, the end of a connection's stdin too.
 */
class InPlaceModernStdio extends ModernStdio {}

/** `agentry mcp serve <args>` over stdio, with the v2 SDK's client in the 2026-07-28 revision (and config dir: default a new one), one process probed in place. */
export async function modernStdioClient(
  args: string[],
  env: Record<string, string | undefined>,
  configDir = tempConfigDir(),
) {
  const transport = new InPlaceModernStdio({
    command: process.execPath,
    args: [binPath, 'mcp', 'serve', ...args],
    env: cliEnv(configDir, env),
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString()
  })
  const client = modernClient()
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close() }
}

/** A running `mcp serve --http 0`: its URL and token (from stderr), and a client factory. */
export interface HttpServe {
  url: string
  token: string
  stderr(): string
  connect(): Promise<Client>
  /** the v2 SDK's client in the 2026-07-28 revision */
  connectModern(): Promise<ModernClient>
  stop(): Promise<void>
}

/** Starts `agentry mcp serve --http 0 <args>` and waits for the URL and token lines on its stderr. */
export async function httpServe(args: string[], env: Record<string, string | undefined>): Promise<HttpServe> {
  const child = spawnCli(['mcp', 'serve', '--http', '0', ...args], { env, timeoutMs: 60_000 })
  let stderr = ''
  const found = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stderr?.on('data', (b: Buffer) => {
      stderr += b.toString()
      const url = /MCP server \(Streamable HTTP\): (\S+)/.exec(stderr)?.[1]
      const token = /bearer token: (\S+)/.exec(stderr)?.[1]
      if (url && token) resolve({ url, token })
    })
    void child.then(() => reject(new Error(`mcp serve --http ended early: ${stderr}`)))
  })
  const clients: { close(): Promise<void> }[] = []
  const requestInit = { headers: { authorization: `Bearer ${found.token}` } }
  return {
    ...found,
    stderr: () => stderr,
    async connect() {
      const transport = new StreamableHTTPClientTransport(new URL(found.url), { requestInit })
      const client = new Client({ name: 'agentry-test', version: '1.0.0' })
      await client.connect(transport)
      clients.push(client)
      return client
    },
    async connectModern() {
      const client = modernClient()
      await client.connect(new ModernHttp(new URL(found.url), { requestInit }))
      clients.push(client)
      return client
    },
    async stop() {
      for (const c of clients) await c.close().catch(() => {})
      child.kill('SIGTERM')
      await child
    },
  }
}
