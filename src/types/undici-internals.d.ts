// Types for the two undici files the client imports directly (see src/api/undici-lite.ts).
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici'
  const request: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>
  export default request
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici'
  const Agent: typeof EnvHttpProxyAgent
  export default Agent
}
