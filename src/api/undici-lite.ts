// The two parts of undici the client uses: its request API and the proxy-aware agent (HTTPS_PROXY/NO_PROXY).
// Importing these files instead of undici's index halves its load time on every command, since the index also
// loads fetch, WebSocket, caches, interceptors and mocks (measured: ~50 ms → ~25 ms; docs/architecture.md).
import type { Dispatcher } from 'undici'
import apiRequest from 'undici/lib/api/api-request.js'
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js'

/** Options of one request, as undici's `request(url, opts)` takes them, with the dispatcher required. */
export type LiteRequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }

/** undici's `request(url, opts)`: splits the URL into origin and path and sends it through the dispatcher. */
export function request(url: string, opts: LiteRequestOptions): Promise<Dispatcher.ResponseData> {
  const u = new URL(url)
  const { dispatcher, ...rest } = opts
  return apiRequest.call(dispatcher, { ...rest, origin: u.origin, path: u.pathname + u.search })
}

/** The default dispatcher: keep-alive connections, proxies from the environment. */
export function createAgent(): Dispatcher {
  return new EnvHttpProxyAgent({ connections: 16 })
}
