// The one request function (ARCHITECTURE.md "HTTP"): undici (node:http for an answer read whole with no proxy: see
// plain-http.ts), bearer auth from the token provider, timeouts, safe retries, no redirects, proxies from the
// environment, typed errors, and a --debug trace with secrets redacted.
import type { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { AgentryError, ApiError, CancelledError, InvalidResponseError, NetworkError, TimeoutError } from './errors.js'
import { BufferedBody } from './buffered-body.js'
import { describeNetworkFailure, type NetworkReason } from './network-failure.js'
import { PlainHttp, type PlainResponse, proxyConfigured } from './plain-http.js'
import type { Redactor } from './redact.js'
import { idempotentMethods, isRetryableError, isRetryableStatus, retryDelay } from './retry.js'

/** How the client is set up for a run. */
export interface HttpClientOptions {
  userAgent: string
  /** total timeout of a request (for streams: until the response headers, unless `boundStreams`) */
  timeoutMs: number
  /** the total timeout covers a whole streamed answer too (set when the user chose --timeout) */
  boundStreams?: boolean | undefined
  /** how long a stream may go without a byte */
  idleTimeoutMs: number
  retries: number
  /** the bearer token for `auth` requests; may refresh (single-flight) */
  token?: (() => Promise<string | undefined>) | undefined
  /** called after a 401 on a bearer request, so an OAuth token can be refreshed once and the request retried */
  onUnauthorized?: (() => Promise<boolean>) | undefined
  redactor: Redactor
  trace?: ((line: string) => void) | undefined
  /** undici dispatcher; tests pass a MockAgent. Default: EnvHttpProxyAgent (HTTPS_PROXY/NO_PROXY). */
  dispatcher?: Dispatcher | undefined
  signal?: AbortSignal | undefined
  sleep?: (ms: number) => Promise<void>
  /** the most bytes of an answer read whole (not a stream): a longer one is cut off, an error (`agentry doctor`) */
  maxBodyBytes?: number | undefined
}

/**
 * A request body: bytes, or a function that opens a fresh stream of them for each try (a file upload), so that a
 * request with a streamed body can be retried like any other.
 */
export type RequestBody = string | Uint8Array | (() => Readable)

/** One request. */
export interface SendOptions {
  method: string
  url: string
  headers?: Record<string, string>
  body?: RequestBody
  /** send the bearer token (default true) */
  auth?: boolean
  /** may be sent again after a failure (default: by method) */
  idempotent?: boolean
  /** hand the body back unread; the idle timeout applies to it */
  stream?: boolean
  signal?: AbortSignal
  /** a hint for an error answer that only the caller can give (the operation's list command, the base URL) */
  errorHint?: (status: number, serverMessage: string) => string | undefined
}

/** A successful response. */
export interface HttpResponse {
  status: number
  headers: Record<string, string>
  requestId: string | undefined
  body: Dispatcher.ResponseData['body']
  /** the whole body, read inside the timeout and retry (absent for `stream` requests) */
  bytes?: Buffer
}

/** What kind of failure a try met, before any error exists: the error is made once, when no try is left. */
type FailureKind = 'timeout' | 'network' | 'cancelled'

/** A failed try of one request: what broke, whether another try may help, whether the server may have it. */
class TransportFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** `METHOD url: what broke` */
    message: string,
    readonly hint: string | undefined,
    readonly retryable: boolean,
    readonly maybeSent: boolean,
    /** the status of the answer whose body broke off, when the headers had arrived */
    readonly status?: number,
    readonly source?: unknown,
    readonly reason?: NetworkReason,
  ) {
    super(message)
  }
}

/** A failed try that `send` retries. */
class RetryableFailure extends Error {}

/** Codes of failures to connect: the request never left (a POST may be sent again safely). */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

// Not unref'd: a pending retry must keep the process alive.
const sleepDefault = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The slice of undici the client uses, loaded on first use. */
const loadUndici = () => import('./undici-lite.js')

function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/** The HTTP core: one `send` that every request goes through (the Transport's, and those to a URL given). */
export class HttpClient {
  private dispatcherPromise: Promise<Dispatcher> | undefined
  private plainHttp: PlainHttp | undefined
  constructor(private readonly opts: HttpClientOptions) {}

  private dispatcher(): Promise<Dispatcher> {
    this.dispatcherPromise ??= this.opts.dispatcher
      ? Promise.resolve(this.opts.dispatcher)
      : loadUndici().then(({ createAgent }) => createAgent())
    return this.dispatcherPromise
  }

  /**
   * A client like this one with some options changed (`agentry doctor`: no retries, a bounded body, the run's bound
   * as its signal). It has connections of its own: close it when done.
   */
  derive(overrides: Partial<HttpClientOptions>): HttpClient {
    return new HttpClient({ ...this.opts, ...overrides })
  }

  /** How many times an idempotent request is retried (--retries): for callers that retry what they read themselves. */
  get retries(): number {
    return this.opts.retries
  }

  /** Waits before retry number `attempt` (0-based) as `send` does (retry.ts), saying so in the --debug trace. */
  async pauseBeforeRetry(attempt: number, why: string): Promise<void> {
    const ms = retryDelay(attempt, undefined) ?? 0
    this.trace(`! ${why}; retrying in ${ms} ms (${attempt + 1}/${this.opts.retries})`)
    await (this.opts.sleep ?? sleepDefault)(ms)
  }

  /** Closes idle connections (end of run). */
  async close(): Promise<void> {
    this.plainHttp?.close()
    if (!this.dispatcherPromise || this.opts.dispatcher) return
    await (await this.dispatcherPromise).close().catch(() => {})
  }

  /**
   * Sends a request, retrying when safe; a non-2xx answer throws its status's ApiError (ApiError.generate). Unless `stream` is set the whole body
   * is read here, inside the timeout and the retry: a connection that breaks or stalls mid-body is a connection
   * error like any other (retried when idempotent), never a failure of whoever parses the body later.
   */
  async send(req: SendOptions): Promise<HttpResponse> {
    const idempotent = req.idempotent ?? idempotentMethods.has(req.method)
    const sleep = this.opts.sleep ?? sleepDefault
    let refreshed = false
    for (let attempt = 0; ; attempt++) {
      let res: HttpResponse
      try {
        res = await this.attempt(req, idempotent, attempt)
      } catch (err) {
        if (!(err instanceof RetryableFailure)) throw err
        await this.pauseBeforeRetry(attempt, err.message)
        continue
      }
      if (res.status >= 200 && res.status < 300) return res
      if (res.status === 401 && req.auth !== false && !refreshed && this.opts.onUnauthorized) {
        await res.body.dump().catch(() => {})
        refreshed = true
        if (await this.opts.onUnauthorized()) {
          attempt--
          continue
        }
        res = await this.attempt(req, idempotent, attempt, false)
        if (res.status >= 200 && res.status < 300) return res
      }
      const retryAfter = res.headers['retry-after']
      const delay = retryDelay(attempt, retryAfter)
      if (idempotent && isRetryableStatus(res.status) && attempt < this.opts.retries && delay !== undefined) {
        await res.body.dump().catch(() => {})
        this.trace(`! ${res.status}; retrying in ${delay} ms (${attempt + 1}/${this.opts.retries})`)
        await sleep(delay)
        continue
      }
      throw await this.apiError(req, res)
    }
  }

  /** One try; a failure worth another try comes back as RetryableFailure (unless `mayRetry` is off), the last one as
   * the user's error. */
  private async attempt(
    req: SendOptions,
    idempotent: boolean,
    attempt: number,
    mayRetry = true,
  ): Promise<HttpResponse> {
    try {
      return await this.once(req)
    } catch (err) {
      if (!(err instanceof TransportFailure)) throw err
      if (mayRetry && idempotent && err.retryable && attempt < this.opts.retries)
        throw new RetryableFailure(err.message)
      throw this.finalError(err, req, idempotent, attempt)
    }
  }

  /** The error the user sees when a transport failure is not retried (any more): made here, once. */
  private finalError(f: TransportFailure, req: SendOptions, idempotent: boolean, attempt: number): AgentryError {
    if (f.kind === 'cancelled') return new CancelledError()
    const make = (message: string, hint: string | undefined, cause: unknown) =>
      f.kind === 'timeout' ? new TimeoutError(message, hint, cause) : new NetworkError(message, hint, cause, f.reason)
    if (idempotent || !f.maybeSent) {
      const tries = attempt > 0 ? ` (after ${attempt + 1} attempts)` : ''
      return make(`${f.message}${tries}`, f.hint, f.source)
    }
    // RFC 9110 9.2.2: a non-idempotent request is not repeated automatically; the user must find out what happened.
    const where = `${req.method} ${this.opts.redactor.url(req.url)}`
    const detail = f.message.startsWith(`${where}: `) ? f.message.slice(where.length + 2) : f.message
    const ok = f.status !== undefined && f.status >= 200 && f.status < 300
    const outcome = ok
      ? `the server answered ${f.status} but the rest of the answer was lost (${detail}); it has most likely taken effect`
      : `the request was sent but the answer was lost (${detail}); it may or may not have taken effect`
    return make(
      `${where}: ${outcome}`,
      'check before sending it again: list or get the resource (e.g. `agentry <resource> list`, or `agentry api GET <path>`)',
      f.source,
    )
  }

  /**
   * An answer read whole, with a body in memory (not a file streamed up), no proxy and no dispatcher given, goes by
   * node:http (plain-http.ts says why).
   */
  private plain(req: SendOptions): PlainHttp | undefined {
    const inMemory = req.body === undefined || typeof req.body === 'string' || req.body instanceof Uint8Array
    if (req.stream || !inMemory || this.opts.dispatcher || proxyConfigured(process.env)) return undefined
    this.plainHttp ??= new PlainHttp()
    return this.plainHttp
  }

  /** Sends the request by node:http or undici; resolves with the answer's status and headers. */
  private async request(
    req: SendOptions,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<PlainResponse | Dispatcher.ResponseData> {
    const plain = this.plain(req)
    // plain() takes only a body in memory (a function body, a file read again for each try, goes by undici)
    if (plain)
      return plain.request(req.url, { method: req.method, headers, body: req.body as string | Uint8Array, signal })
    const { request } = await loadUndici()
    return request(req.url, {
      method: req.method as Dispatcher.HttpMethod,
      headers,
      body: typeof req.body === 'function' ? req.body() : req.body,
      signal,
      dispatcher: await this.dispatcher(),
      headersTimeout: this.opts.timeoutMs,
      bodyTimeout: req.stream ? this.opts.idleTimeoutMs : this.opts.timeoutMs,
    })
  }

  private async once(req: SendOptions): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      'user-agent': this.opts.userAgent,
      accept: 'application/json',
      ...req.headers,
    }
    if (req.auth !== false && this.opts.token) {
      const token = await this.opts.token()
      if (token) headers.authorization = `Bearer ${token}`
    }
    if (req.body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json'
    // The total timeout covers a whole request, but by default only the wait for the headers of a stream: after that
    // the idle timeout (undici's bodyTimeout) watches it, since an answer may stream for longer than 300 s. A timeout
    // the user chose (--timeout, AGENTRY_TIMEOUT, the profile) bounds the whole answer (boundStream).
    const timer = new AbortController()
    const clock = setTimeout(() => timer.abort(), this.opts.timeoutMs)
    clock.unref()
    const timeout = timer.signal
    const signals = [timeout, ...[req.signal, this.opts.signal].filter((s): s is AbortSignal => !!s)]
    const signal = AbortSignal.any(signals)
    this.traceRequest(req, headers)
    // process.uptime(), not performance.now(): the global `performance` loads perf_hooks (8 modules) on first use
    const started = process.uptime() * 1000
    let phase: 'send' | 'body' = 'send'
    let status: number | undefined
    try {
      const res = await this.request(req, headers, signal)
      if (req.stream) {
        clearTimeout(clock)
        if (this.opts.boundStreams) this.boundStream(req, res.body, timer, started)
      }
      const out: HttpResponse = {
        status: res.statusCode,
        headers: flatHeaders(res.headers),
        requestId: undefined,
        // a plain answer is never a stream: its body is read below, and replaced
        body: res.body as HttpResponse['body'],
      }
      out.requestId = out.headers['x-request-id']
      this.traceResponse(out, started)
      if (res.statusCode >= 300 && res.statusCode < 400) {
        await res.body.dump().catch(() => {})
        throw new AgentryError(
          `${req.method} ${this.opts.redactor.url(req.url)}: the server redirected to ${out.headers.location ?? '(no location)'}; not following it with credentials`,
          { hint: 'point --base-url at the final address' },
        )
      }
      if (!req.stream) {
        phase = 'body'
        status = res.statusCode
        const chunks: Buffer[] = []
        const max = this.opts.maxBodyBytes ?? Number.POSITIVE_INFINITY
        let size = 0
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length
          if (size > max) {
            res.body.destroy()
            throw new InvalidResponseError(
              `${req.method} ${this.opts.redactor.url(req.url)}: an answer over ${max} bytes, not read further`,
            )
          }
          chunks.push(chunk as Buffer)
        }
        clearTimeout(clock)
        out.bytes = Buffer.concat(chunks)
        out.body = new BufferedBody(out.bytes) as unknown as HttpResponse['body']
      }
      return out
    } catch (err) {
      clearTimeout(clock)
      throw this.transportError(err, req, timeout, signals, phase, status)
    }
  }

  /** Aborts a stream's body with a TimeoutError (exit 124) when it is still being read at the end of --timeout. */
  private boundStream(req: SendOptions, body: NodeJS.EventEmitter, timer: AbortController, started: number): void {
    const left = Math.max(0, this.opts.timeoutMs - (process.uptime() * 1000 - started))
    const where = `${req.method} ${this.opts.redactor.url(req.url)}`
    const error = () =>
      new TimeoutError(
        `${where}: the answer was not complete within --timeout ${this.opts.timeoutMs / 1000} s`,
        'raise --timeout (seconds): it bounds the whole streamed answer',
      )
    const clock = setTimeout(() => timer.abort(error()), left)
    clock.unref()
    body.once('close', () => clearTimeout(clock))
  }

  private transportError(
    err: unknown,
    req: SendOptions,
    timeout: AbortSignal,
    signals: AbortSignal[],
    phase: 'send' | 'body',
    status?: number,
  ): unknown {
    if (err instanceof AgentryError) return err
    const where = `${req.method} ${this.opts.redactor.url(req.url)}`
    const code = (err as { code?: string }).code
    const midBody = phase === 'body'
    if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      const what = midBody ? 'the answer stalled: not complete' : 'no answer'
      const message = `${where}: ${what} within ${this.opts.timeoutMs / 1000} s`
      // a stall mid-body is a broken connection more often than a slow server: worth a new one; a server that does
      // not answer at all would only make the user wait --timeout again
      // reached, but too slow: the host, and what to check (a proxy on the way is named, as for a network failure)
      const host = new URL(req.url).host
      const via = proxyConfigured(process.env) ? ' (through the proxy of HTTPS_PROXY/HTTP_PROXY)' : ''
      const hint = `raise --timeout (seconds); ${host}${via} ${midBody ? 'stopped sending the answer' : 'took the request but did not answer'}: is the service slow or down?`
      return new TransportFailure('timeout', message, hint, midBody, true, status)
    }
    if (signals.slice(1).some((s) => s.aborted))
      return new TransportFailure('cancelled', 'cancelled', undefined, false, false)
    const reason = this.opts.redactor.text((err as Error).message || String(err))
    // before any answer: which way it failed, in words (the name, refused, TLS, proxy, …); mid-body it broke
    const failure = midBody ? undefined : describeNetworkFailure(err, req.url, process.env)
    const what = midBody ? 'the connection broke while reading the answer: ' : ''
    const words = failure?.message
      ? this.opts.redactor.text(failure.message)
      : `${what}${code ? `${code} ` : ''}${reason}`
    const message = `${where}: ${words}`
    const notSent = !midBody && (failure?.notSent || (code !== undefined && notSentCodes.has(code)))
    const retryable = midBody || isRetryableError(err)
    const kind = failure?.reason ?? (midBody ? 'reset' : undefined)
    return new TransportFailure('network', message, failure?.hint, retryable, !notSent, status, err, kind)
  }

  private async apiError(req: SendOptions, res: HttpResponse): Promise<ApiError> {
    let text = ''
    try {
      text = await res.body.text()
    } catch {}
    this.trace(`< ${this.opts.redactor.body(text.slice(0, 4096), res.headers['content-type'])}`)
    let message = ''
    let code: string | undefined
    try {
      const j = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string; message?: unknown }
      if (typeof j.error === 'string') message = j.error
      else if (j.error && typeof j.error.message === 'string') {
        message = j.error.message
        if (typeof j.error.code === 'string') code = j.error.code
      } else if (typeof j.message === 'string') message = j.message
    } catch {
      message = text.split('\n')[0]?.slice(0, 200) ?? ''
    }
    const serverMessage = this.opts.redactor.text(message || statusText(res.status))
    const hint = req.errorHint?.(res.status, serverMessage)
    return ApiError.generate({
      status: res.status,
      message: serverMessage,
      method: req.method,
      url: req.url,
      ...(res.requestId ? { requestId: res.requestId } : {}),
      ...(code ? { code } : {}),
      ...(typeof res.headers['www-authenticate'] === 'string' ? { challenge: res.headers['www-authenticate'] } : {}),
      ...(typeof res.headers['retry-after'] === 'string' ? { retryAfter: res.headers['retry-after'] } : {}),
      ...(hint ? { hint } : {}),
    })
  }

  private trace(line: string): void {
    this.opts.trace?.(line)
  }

  /** The answer's status and headers in the --debug trace: built only when there is a trace (every call has one answer). */
  private traceResponse(res: HttpResponse, started: number): void {
    if (!this.opts.trace) return
    this.trace(`< ${res.status} (${Math.round(process.uptime() * 1000 - started)} ms)`)
    for (const [k, v] of Object.entries(res.headers)) this.trace(`< ${k}: ${this.opts.redactor.header(k, v)}`)
  }

  private traceRequest(req: SendOptions, headers: Record<string, string>): void {
    if (!this.opts.trace) return
    const r = this.opts.redactor
    this.trace(`> ${req.method} ${r.url(req.url)}`)
    for (const [k, v] of Object.entries(headers)) this.trace(`> ${k}: ${r.header(k, v)}`)
    if (typeof req.body === 'function') this.trace('> (the body is streamed from a file)')
    else if (req.body !== undefined) {
      const text = typeof req.body === 'string' ? req.body : Buffer.from(req.body).toString('utf8')
      this.trace(`> ${r.body(text.slice(0, 4096), headers['content-type'])}${text.length > 4096 ? ' …' : ''}`)
    }
  }
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  }
  return texts[status] ?? `HTTP ${status}`
}
