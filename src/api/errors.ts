// The library's errors (after openai-node's error classes): what went wrong, in data a caller can test, and a hint.
// They carry no exit code: the CLI alone maps an error's class (and an API error's status) to its exit code
// (src/errors.ts, exitCodeOf). An error answer is typed once, where the HTTP core reads it (ApiError.generate).
import type { NetworkReason } from './network-failure.js'

/** Everything the library throws on purpose: a message the user can act on and, often, a hint of what to do. */
export class AgentryError extends Error {
  readonly hint: string | undefined
  constructor(message: string, opts: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'AgentryError'
    this.hint = opts.hint
  }
}

/** Bad input (a flag, an argument, a member of a request body), found before anything was sent. */
export class UsageError extends AgentryError {
  constructor(message: string, hint?: string) {
    super(message, { hint })
    this.name = 'UsageError'
  }
}

/** The caller (or a signal) stopped the operation. */
export class CancelledError extends AgentryError {
  constructor(message = 'cancelled') {
    super(message)
    this.name = 'CancelledError'
  }
}

/** The request could not reach the server, or the connection broke. */
export class NetworkError extends AgentryError {
  /** which way it failed (the name did not resolve, refused, reset, TLS, proxy, …), when the client could tell */
  readonly reason: NetworkReason | undefined
  constructor(message: string, hint?: string, cause?: unknown, reason?: NetworkReason) {
    super(message, { hint, cause })
    this.name = 'NetworkError'
    this.reason = reason
  }
}

/** The request or stream took longer than allowed. */
export class TimeoutError extends AgentryError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super(message, { hint, cause })
    this.name = 'TimeoutError'
  }
}

/** The server answered 2xx with something the interface does not allow (not JSON, a member off, an HTML page). */
export class InvalidResponseError extends AgentryError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super(message, { hint, cause })
    this.name = 'InvalidResponseError'
  }
}

/** What an ApiError is made from: the answer as the HTTP core read it, and what it knows of the request. */
export interface ApiErrorInit {
  status: number
  /** the server's message (redacted) */
  message: string
  method: string
  url: string
  requestId?: string
  code?: string
  /** the WWW-Authenticate challenge of a 401/403 (RFC 6750 §3) */
  challenge?: string
  /** a hint instead of the status's own (one only the caller can give, e.g. about the base URL) */
  hint?: string
  /** the Retry-After header of the answer (a 429 or 503), as sent */
  retryAfter?: string
}

/** A scope refusal (RFC 6750 §3.1 `insufficient_scope`): the credential is valid, its scopes do not reach this. */
export function isScopeRefusal(status: number, code?: string, challenge?: string): boolean {
  return (status === 401 || status === 403) && /insufficient_scope/.test(`${code ?? ''} ${challenge ?? ''}`)
}

function hintForStatus(status: number, code?: string, challenge?: string): string | undefined {
  if (isScopeRefusal(status, code, challenge))
    return "this key's scopes don't include this; see them with `agentry keys list`, or create a key that has it: `agentry keys create --help`"
  if (status === 401) return 'check your credential: run `agentry whoami`, or `agentry login`'
  if (status === 403)
    return 'the credential lacks the scope for this; create a key with it: `agentry keys create --help`'
  if (status === 429) return 'rate limited: wait and try again, or raise --retries'
  if (status >= 500) return 'the server failed; try again later (add --debug to see the exchange)'
  return undefined
}

/** Drops the query string from a URL so that an error message never carries a token or key in it. */
function redactUrlForMessage(url: string): string {
  try {
    const u = new URL(url)
    u.username = ''
    u.password = ''
    return u.origin + u.pathname
  } catch {
    return url.replace(/\?.*$/, '')
  }
}

/** An error answer from the service: status, the server's message and code, the request id. */
export class ApiError extends AgentryError {
  readonly status: number
  readonly serverMessage: string
  readonly requestId: string | undefined
  readonly code: string | undefined
  /** the WWW-Authenticate challenge of a 401/403 */
  readonly challenge: string | undefined
  /** the answer's Retry-After header, as sent (a 429 or 503): how long the service asked us to wait */
  readonly retryAfter: string | undefined
  constructor(init: ApiErrorInit) {
    const where = `${init.method} ${redactUrlForMessage(init.url)}`
    const rid = init.requestId ? ` (request ${init.requestId})` : ''
    super(`${where}: ${init.status} ${init.message}${rid}`, {
      hint: init.hint ?? hintForStatus(init.status, init.code, init.challenge),
    })
    this.name = 'ApiError'
    this.status = init.status
    this.serverMessage = init.message
    this.requestId = init.requestId
    this.code = init.code
    this.challenge = init.challenge
    this.retryAfter = init.retryAfter
  }

  /** The error of an answer, as the class of its status (an ApiError for a status without one). */
  static generate(init: ApiErrorInit): ApiError {
    const s = init.status
    if (s === 400) return new BadRequestError(init)
    if (s === 401) return new AuthenticationError(init)
    if (s === 403) return new PermissionDeniedError(init)
    if (s === 404) return new NotFoundError(init)
    if (s === 409 || s === 412) return new ConflictError(init)
    if (s === 422) return new UnprocessableEntityError(init)
    if (s === 429) return new RateLimitError(init)
    if (s >= 500) return new InternalServerError(init)
    return new ApiError(init)
  }
}

/** 400: the request was malformed, e.g. a field the service refused. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError'
}
/** 401: no credential, or one the service refused. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError'
}
/** 403: the credential lacks the scope. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError'
}
/** 404: no such resource. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError'
}
/** 409, 412: the resource is not in a state that allows this. */
export class ConflictError extends ApiError {
  override name = 'ConflictError'
}
/** 422: the body was refused. */
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError'
}
/** 429: rate limited. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError'
}
/** 5xx: the server failed. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError'
}
