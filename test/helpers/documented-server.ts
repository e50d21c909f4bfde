// A server that knows only what the service's public sources document (shared/spec/public-facts.md): a real HTTP
// server on 127.0.0.1 with the routes a test gives it and nothing else. Anything it was not given answers 404
// `{error:{message}}`, as the service does, so a test shows which of agentry's requests the real service would
// refuse. Every request is recorded (method and path) so that a test can prove what was, and was not, sent.
// The routes of the documented lists and records are in ./documented-routes.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One route: its method, its path under /api/v1beta with `{name}` parameters, and what it answers. */
export interface DocumentedRoute {
  method: string
  /** path under /api/v1beta, e.g. '/{accountId}/agents'; a path starting '/.well-known/' or '/oauth/' is at the origin */
  pattern: string
  handle(call: {
    req: IncomingMessage
    res: ServerResponse
    params: Record<string, string>
    query: URLSearchParams
    body: Buffer
  }): void | Promise<void>
}

/** The running server. */
export interface DocumentedServer {
  /** http://127.0.0.1:port/api/v1beta */
  baseUrl: string
  /** every request in arrival order; `path` is under /api/v1beta (as the patterns are), else the whole path */
  requests: { method: string; path: string }[]
  /** the same requests with the Authorization header each carried (a capture server's record) */
  sent: { method: string; path: string; authorization: string | undefined }[]
  close(): Promise<void>
}

const apiRoot = '/api/v1beta'

/** A pattern as a regular expression: each `{name}` one path segment, captured under its name. */
function compile(pattern: string): RegExp {
  const source = pattern
    .split(/(\{[A-Za-z]+\})/)
    .map((part) => {
      const name = /^\{([A-Za-z]+)\}$/.exec(part)?.[1]
      return name ? `(?<${name}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}

function notFound(res: ServerResponse, method: string, path: string): void {
  const body = JSON.stringify({ error: { message: `no route for ${method} ${path}` } })
  res.writeHead(404, { 'content-type': 'application/json' }).end(body)
}

/** Starts a server on 127.0.0.1 (a free port) that serves `routes` and answers 404 to anything else. */
export async function startDocumentedServer(routes: DocumentedRoute[]): Promise<DocumentedServer> {
  const table = routes.map((r) => ({ route: r, method: r.method.toUpperCase(), re: compile(r.pattern) }))
  const requests: DocumentedServer['requests'] = []
  const sent: DocumentedServer['sent'] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = (req.method ?? 'GET').toUpperCase()
    const underApi = url.pathname === apiRoot || url.pathname.startsWith(`${apiRoot}/`)
    const path = underApi ? url.pathname.slice(apiRoot.length) || '/' : url.pathname
    requests.push({ method, path })
    sent.push({ method, path, authorization: req.headers.authorization })
    const atOrigin = !underApi && /^\/(\.well-known|oauth)\//.test(path)
    const found = underApi || atOrigin ? table.find((t) => t.method === method && t.re.test(path)) : undefined
    if (!found) return notFound(res, method, url.pathname)
    const groups = found.re.exec(path)?.groups ?? {}
    const params = Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)]))
    try {
      await found.route.handle({ req, res, params, query: url.searchParams, body: Buffer.concat(chunks) })
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `documented server: ${(err as Error).message}` } }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${apiRoot}`,
    requests,
    sent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
