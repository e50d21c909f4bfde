// What a failure to reach a server was, in the user's words: the name did not resolve, the
// connection was refused or reset, the TLS certificate could not be verified, the proxy failed, or the connection
// could not be made in time. Each names the host and what to check; a proxy from the environment is named when the
// request went through one. The HTTP core (request.ts) makes its NetworkError from this; the exit code of every one
// of them is the same, 8 ("could not reach the service"), apart from the service answering with an error.

/** Which way a request failed to reach its server (`reason` of a NetworkError, `--error-format json`). */
export type NetworkReason = 'dns' | 'refused' | 'reset' | 'tls' | 'proxy' | 'connect-timeout' | 'unreachable' | 'other'

/** A failure described: the words after `METHOD url: ` (none: the code and the error's own words), the hint, its reason. */
export interface NetworkFailure {
  reason: NetworkReason
  message?: string
  hint: string
  /** the request cannot have reached the server (a POST may be sent again) */
  notSent: boolean
}

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA'])
const resetCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'])
const unreachableCodes = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN'])
const connectTimeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'])

/** A TLS failure: Node's and OpenSSL's certificate codes, and a handshake that was not TLS at all. */
function isTlsCode(code: string): boolean {
  return (
    /CERT|_SIGNATURE|SELF_SIGNED|ISSUER|^ERR_TLS_|^ERR_SSL_/.test(code) ||
    code === 'EPROTO' ||
    code === 'ECONNRESET_TLS'
  )
}

/** The first `code` (and the hostname a resolver names) along an error and its causes. */
function codeOf(err: unknown): { code: string | undefined; hostname: string | undefined; message: string } {
  let e: unknown = err
  for (let i = 0; i < 5 && e; i++) {
    const { code, hostname, message } = e as { code?: unknown; hostname?: unknown; message?: unknown }
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED')
      return {
        code,
        hostname: typeof hostname === 'string' ? hostname : undefined,
        message: typeof message === 'string' ? message : '',
      }
    e = (e as { cause?: unknown }).cause
  }
  return { code: undefined, hostname: undefined, message: err instanceof Error ? err.message : String(err) }
}

/** The proxy a request to `url` goes through by the environment (undici's EnvHttpProxyAgent rules), if any. */
function proxyFor(url: string, env: NodeJS.ProcessEnv): { name: string; url: string } | undefined {
  const u = new URL(url)
  const names = u.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY']
  const name = names.find((n) => env[n])
  if (!name) return undefined
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '').split(/[,\s]+/).filter(Boolean)
  const host = u.hostname
  if (noProxy.some((p) => p === '*' || host === p.replace(/^\./, '') || host.endsWith(p.startsWith('.') ? p : `.${p}`)))
    return undefined
  return { name, url: shownProxy(env[name]!) }
}

/** A proxy URL as shown: without the user name and password it may carry. */
function shownProxy(raw: string): string {
  if (!URL.canParse(raw)) return '(not a URL)'
  const u = new URL(raw)
  return `${u.protocol}//${u.host}`
}

/** Describes a failure to reach `url` by its code; undefined when the error says nothing of the network. */
export function describeNetworkFailure(err: unknown, url: string, env: NodeJS.ProcessEnv): NetworkFailure | undefined {
  const { code, hostname, message } = codeOf(err)
  const target = new URL(url)
  const host = target.host
  const proxy = proxyFor(url, env)
  const viaProxy = proxy ? ` through the proxy ${proxy.name}=${proxy.url}` : ''
  const proxyHint = proxy
    ? `; the request went through the proxy ${proxy.name}=${proxy.url}: check it, or leave this host out with NO_PROXY=${target.hostname}`
    : ''
  // undici's tunnel through a proxy that refused it: "Proxy response (407) !== 200 when HTTP Tunneling"
  const tunnel = /Proxy response \((\d+)\)/.exec(message)
  if (proxy && tunnel)
    return {
      reason: 'proxy',
      notSent: true,
      message: `could not reach ${host}: the proxy ${proxy.name}=${proxy.url} refused to connect to it (it answered ${tunnel[1]})`,
      hint: `${tunnel[1] === '407' ? 'the proxy wants credentials: put them in its URL' : 'check the proxy'}, or leave this host out with NO_PROXY=${target.hostname}`,
    }
  if (code === undefined) return undefined
  if (dnsCodes.has(code)) {
    const name = hostname ?? target.hostname
    const temporary = code === 'EAI_AGAIN' ? ' (a temporary DNS failure)' : ''
    return {
      reason: 'dns',
      notSent: true,
      message: `could not reach ${host}: the name ${name} does not resolve${temporary} (${code})`,
      hint: `check your network connection and the host in the base URL (agentry config list shows where it came from)${proxyHint}; offline? try it on the local emulator: --emulator`,
    }
  }
  if (code === 'ECONNREFUSED')
    return {
      reason: proxy ? 'proxy' : 'refused',
      notSent: true,
      message: proxy
        ? `could not reach ${host}: the proxy ${proxy.name}=${proxy.url} refused the connection (ECONNREFUSED)`
        : `could not reach ${host}: the connection was refused (ECONNREFUSED)`,
      hint: proxy
        ? `is the proxy running? check ${proxy.name}, or leave this host out with NO_PROXY=${target.hostname}`
        : 'is the server running? check --base-url (agentry config list)',
    }
  if (isTlsCode(code))
    return {
      reason: 'tls',
      notSent: true,
      message: `could not reach ${host}${viaProxy}: its TLS certificate could not be verified (${code}: ${message.replace(/\s+/g, ' ').slice(0, 160)})`,
      hint: `check the base URL's host; a proxy or firewall that inspects TLS needs its CA certificate: NODE_EXTRA_CA_CERTS=<file.pem>${proxyHint}`,
    }
  if (connectTimeoutCodes.has(code))
    return {
      reason: 'connect-timeout',
      notSent: code === 'UND_ERR_CONNECT_TIMEOUT',
      message: `could not reach ${host}${viaProxy}: the connection could not be made in time (${code})`,
      hint: `check your network connection and firewall${proxy ? proxyHint : '; behind a proxy? set HTTPS_PROXY'}`,
    }
  if (unreachableCodes.has(code))
    return {
      reason: 'unreachable',
      notSent: true,
      message: `could not reach ${host}: the network has no route to it (${code})`,
      hint: `check your network connection${proxyHint}`,
    }
  if (resetCodes.has(code))
    return {
      reason: 'reset',
      notSent: false,
      hint: `the connection to ${host}${viaProxy} was closed by the server, a proxy or the network; try again${proxyHint}`,
    }
  return undefined
}
