// A request on node:http/node:https, for what undici adds nothing to: an answer read whole (not streamed), with no
// proxy in the environment and no dispatcher given. Loading undici is most of what an API command costs over the
// smallest Node script making the same GET (~14 ms of CPU and ~14 MiB of peak RSS, bench/startup): those requests
// go this way, with the same timeouts, retries, errors and trace (request.ts decides and does all of those; a
// connection error keeps Node's code, ECONNREFUSED and the like, as undici's does). Streams (chat, SSE), proxies
// (HTTP_PROXY/HTTPS_PROXY, NO_PROXY) and tests' mock dispatchers keep undici.
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http'
import type * as Https from 'node:https'

/** node:https, loaded for an https URL only: with node:tls and node:crypto it costs ~35 ms and ~6 MiB (bench/startup). */
const https = () => process.getBuiltinModule('node:https') as typeof Https

/** What request.ts reads of an answer: its status, headers and body (read to the end, or dumped). */
export interface PlainResponse {
  statusCode: number
  headers: Record<string, string[] | undefined>
  body: IncomingMessage & { dump(): Promise<void> }
}

/** Does the environment ask for a proxy (undici's EnvHttpProxyAgent reads the same variables, the same way)? */
export function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.http_proxy ?? env.HTTP_PROXY) || Boolean(env.https_proxy ?? env.HTTPS_PROXY)
}

/** Keep-alive connections of one client (a paged `--all` reuses them), closed with it; as many at once as the run
 * asks for (`--concurrency` up to 64), as undici allows: no cap of its own. */
export class PlainHttp {
  private readonly http = new HttpAgent({ keepAlive: true })
  private https: Https.Agent | undefined

  /** Sends one request; resolves when the answer's headers arrive. Aborting `signal` destroys the connection. */
  request(
    url: string,
    opts: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal: AbortSignal },
  ): Promise<PlainResponse> {
    const u = new URL(url)
    const secure = u.protocol === 'https:'
    if (!secure && u.protocol !== 'http:') return Promise.reject(new TypeError(`unsupported protocol ${u.protocol}`))
    const headers = { ...opts.headers }
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body))
    if (secure) this.https ??= new (https().Agent)({ keepAlive: true })
    const send = secure ? https().request : httpRequest
    const agent = secure ? this.https : this.http
    return new Promise((resolve, reject) => {
      const req = send(u, { method: opts.method, headers, agent, signal: opts.signal }, (res: IncomingMessage) => {
        // a break or an abort before the body is read must not go unheard: whoever iterates the body sees it
        res.on('error', () => {})
        // dumped: a redirect's body is not read, and its connection is not reused
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headersDistinct, body: Object.assign(res, { dump }) })
        async function dump() {
          res.destroy()
        }
      })
      req.on('error', reject)
      req.end(opts.body)
    })
  }

  close(): void {
    this.http.destroy()
    this.https?.destroy()
  }
}
