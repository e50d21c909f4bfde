// `mcp serve --http <port>`: MCP's Streamable HTTP transport on 127.0.0.1 only, in both eras of the protocol. A
// request carrying the 2026-07-28 `_meta` envelope is served statelessly by the SDK's own handler (createMcpHandler:
// one server instance a request, `server/discover`, change notifications on `subscriptions/listen` streams); 2025-era
// traffic (`initialize`, then Mcp-Session-Id) keeps its sessions (the SDK's isLegacyRequest routes between them, the
// pattern its documentation gives). Every request needs the bearer token printed at start (RFC 6750 §2.1; a missing
// or wrong one → 401 with a WWW-Authenticate challenge, §3), and a loopback Host (the spec's DNS-rebinding warning: a
// web page must not reach the server through a name that resolves to 127.0.0.1) and, when sent, a loopback Origin.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import {
  createMcpHandler,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import { CliError, ExitCode } from '../errors.js'
import type { AccountCatalog } from './catalog.js'

/** The running HTTP server. */
export interface McpHttpServer {
  url: string
  token: string
  close(): Promise<void>
}

const loopbackHost = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest()
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
  return m !== null && timingSafeEqual(digest(m[1] ?? ''), digest(token))
}

/** Whether Host (and Origin, when sent) name this machine's loopback. */
function fromLoopback(req: IncomingMessage): boolean {
  if (!loopbackHost.test(req.headers.host ?? '')) return false
  const origin = req.headers.origin
  if (origin === undefined || origin === 'null') return origin === undefined
  try {
    return loopbackHost.test(new URL(origin).host)
  } catch {
    return false
  }
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null })
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body)
}

/** The Node request as a web Request (the SDK's HTTP entries take and give web-standard objects). */
function webRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v)
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream)
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  return new Request(url, { method: req.method ?? 'GET', headers, body, signal, duplex: 'half' } as RequestInit)
}

/** Writes a web Response to the Node response, streaming its body (SSE included). */
async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) return void res.end()
  res.flushHeaders()
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
  res.once('close', () => body.destroy())
  body.pipe(res)
}

/** Why --http <port> could not listen, in the user's terms: a port in use or not ours to take is no bug of agentry. */
function listenError(err: NodeJS.ErrnoException, port: number): Error {
  const hint = 'pick another port, or --http 0 for any free one'
  if (err.code === 'EADDRINUSE')
    return new CliError(`--http ${port}: port ${port} on 127.0.0.1 is already in use`, {
      exitCode: ExitCode.error,
      hint,
    })
  if (err.code === 'EACCES')
    return new CliError(`--http ${port}: this user may not listen on port ${port}`, { exitCode: ExitCode.error, hint })
  return err
}

/**
 * Serves MCP over Streamable HTTP at http://127.0.0.1:<port>/mcp; `newServer` builds one McpServer for each
 * 2026-07-28 request and each 2025 session. A change of the account's catalog is told to the open 2026-07-28
 * `subscriptions/listen` streams (2025 sessions are told by their own instance: catalog.ts).
 */
export async function serveHttp(
  port: number,
  newServer: () => McpServer,
  catalog: AccountCatalog,
): Promise<McpHttpServer> {
  const token = randomBytes(24).toString('base64url')
  const modern = createMcpHandler(() => newServer(), { legacy: 'reject' })
  const stopListening = catalog.listen(() => modern.notify.toolsChanged())
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>()
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'internal error')
      else res.destroy()
    })
  })
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!fromLoopback(req)) return refuse(res, 403, 'Host and Origin must be this machine (127.0.0.1, localhost)')
    if (!authorized(req, token))
      return refuse(res, 401, 'a bearer token is required (printed by agentry mcp serve at start)', {
        'www-authenticate': 'Bearer realm="agentry-mcp"',
      })
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return refuse(res, 404, 'the endpoint is /mcp')
    const gone = new AbortController()
    res.once('close', () => gone.abort())
    const request = webRequest(req, gone.signal)
    if (!(await isLegacyRequest(request))) return writeResponse(res, await modern.fetch(request))
    const sid = req.headers['mcp-session-id']
    let transport = typeof sid === 'string' ? sessions.get(sid) : undefined
    if (typeof sid === 'string' && !transport) return refuse(res, 404, 'unknown or closed session: initialize again')
    if (!transport) {
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      })
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId)
      }
      await newServer().connect(created)
      transport = created
    }
    await writeResponse(res, await transport.handleRequest(request))
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      stopListening()
      reject(listenError(err, port))
    })
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    token,
    async close() {
      stopListening()
      await modern.close().catch(() => {})
      for (const t of sessions.values()) await t.close().catch(() => {})
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
