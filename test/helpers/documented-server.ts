// A server that knows only the shapes the service's public sources show (issue 28 "Must show"): a real HTTP server on
// 127.0.0.1 that serves the routes it is given (each a path under /api/v1beta with `{name}` segments) and answers
// anything else 404 `{error:{message}}`, as the service's error shape is documented. It records every request, so a
// test can show which routes the client used. Unlike the emulator it follows no wire.md choice of ours.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface DocumentedRoute {
  method: string
  /** path under /api/v1beta, e.g. '/agent/{agentId}/chat/completion' */
  pattern: string
  handle(call: {
    req: IncomingMessage
    res: ServerResponse
    params: Record<string, string>
    query: URLSearchParams
    body: Buffer
  }): void | Promise<void>
}

export interface DocumentedServer {
  /** http://127.0.0.1:port/api/v1beta */
  baseUrl: string
  requests: { method: string; path: string }[]
  close(): Promise<void>
}

const prefix = '/api/v1beta'

/** The path parameters of `path` by `pattern`, or undefined when it does not match. */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? ''
    const g = got[i] ?? ''
    const name = /^\{(\w+)\}$/.exec(w)?.[1]
    if (name === undefined) {
      if (w !== g) return undefined
    } else {
      if (g === '') return undefined
      try {
        params[name] = decodeURIComponent(g)
      } catch {
        return undefined
      }
    }
  }
  return params
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { message } }))
}

/** Starts the server on 127.0.0.1 (a free port) with these routes. */
export async function startDocumentedServer(routes: DocumentedRoute[]): Promise<DocumentedServer> {
  const requests: { method: string; path: string }[] = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    requests.push({ method, path: url.pathname })
    try {
      const body = await readBody(req)
      const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined
      for (const route of routes) {
        if (route.method !== method || path === undefined) continue
        const params = match(route.pattern, path)
        if (params === undefined) continue
        await route.handle({ req, res, params, query: url.searchParams, body })
        return
      }
      sendError(res, 404, `no route for ${method} ${url.pathname}`)
    } catch (e) {
      if (!res.headersSent) sendError(res, 500, (e as Error).message)
      else res.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
