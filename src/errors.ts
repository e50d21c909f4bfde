// Errors and exit codes, mapped in one place (ARCHITECTURE.md "Exit codes"; docs/exit-codes.md).
import { sanitizeText, stringifyJson } from './io/sanitize.js'

/**
 * The one table of exit codes: each code, its kind (as printed by `--error-format json`) and its words in `--help`.
 * Scripts may rely on these; docs/exit-codes.md has the same table (a test compares them).
 */
export const exitCodeTable = {
  ok: { code: 0, kind: 'ok', words: 'ok' },
  error: { code: 1, kind: 'error', words: 'error' },
  usage: { code: 2, kind: 'usage', words: 'usage' },
  notFound: { code: 3, kind: 'not_found', words: 'not found' },
  auth: { code: 4, kind: 'auth', words: 'auth' },
  conflict: { code: 5, kind: 'conflict', words: 'conflict' },
  rateLimited: { code: 6, kind: 'rate_limited', words: 'rate-limited' },
  server: { code: 7, kind: 'server', words: 'server' },
  network: { code: 8, kind: 'network', words: 'network' },
  testsFailed: { code: 10, kind: 'tests_failed', words: 'tests failed' },
  timeout: { code: 124, kind: 'timeout', words: 'timeout' },
  cancelled: { code: 130, kind: 'cancelled', words: 'cancelled' },
} as const
type ExitCodeTable = typeof exitCodeTable

/** The exit codes by name (`ExitCode.usage` is 2), from the table. */
export const ExitCode = Object.fromEntries(Object.entries(exitCodeTable).map(([name, e]) => [name, e.code])) as {
  readonly [K in keyof ExitCodeTable]: ExitCodeTable[K]['code']
}
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

/** What kind of failure, as printed in `--error-format json`. */
export type ErrorKind = Exclude<ExitCodeTable[keyof ExitCodeTable]['kind'], 'ok'>

/** The kind of a failing exit code ('error' for a code not in the table). */
function kindOfExitCode(code: number): ErrorKind {
  const found = Object.values(exitCodeTable).find((e) => e.code === code)
  return !found || found.kind === 'ok' ? 'error' : found.kind
}

/** The exit codes for `--help`: "0 ok, 1 error, 2 usage, …", wrapped at `width` with `indent` on later lines. */
export function exitCodeSummary(width = Number.POSITIVE_INFINITY, indent = ''): string {
  const lines: string[] = []
  let line = ''
  for (const e of Object.values(exitCodeTable)) {
    const item = `${e.code} ${e.words}`
    if (line && line.length + item.length + 2 > width) {
      lines.push(`${line},`)
      line = indent + item
    } else line = line ? `${line}, ${item}` : item
  }
  return [...lines, line].join('\n')
}

/** An error the user can act on: one line, an optional hint, an exit code. Never a stack trace. */
export class CliError extends Error {
  readonly exitCode: number
  readonly hint: string | undefined
  constructor(message: string, opts: { exitCode?: number; hint?: string; cause?: unknown } = {}) {
    super(message, { cause: opts.cause })
    this.name = 'CliError'
    this.exitCode = opts.exitCode ?? ExitCode.error
    this.hint = opts.hint
  }
  /** The kind of failure, from the exit code table. */
  get kind(): ErrorKind {
    return kindOfExitCode(this.exitCode)
  }
}

/** Bad flags, arguments or input: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: ExitCode.usage, ...(hint ? { hint } : {}) })
    this.name = 'UsageError'
  }
}

/** The user (or a signal) stopped the operation: exit 130. */
export class CancelledError extends CliError {
  constructor(message = 'cancelled') {
    super(message, { exitCode: ExitCode.cancelled })
    this.name = 'CancelledError'
  }
}

/** The user answered "no" to a confirmation: nothing was done, which is no failure (a note on stderr, exit 0). */
export class DeclinedError extends CliError {
  constructor(message = 'not done') {
    super(message, { exitCode: ExitCode.ok })
    this.name = 'DeclinedError'
  }
}

/**
 * Is this a validation failure of a field (the service's own check of the input)? Such an answer exits 2 like the
 * same check done locally: a 400 or 422 whose code says the input was invalid, or whose message starts by naming a
 * field (`name: …`, `limit must be …`, `title is required`). Other 400s stay 1, other 422s (a rejection) 5.
 */
function isValidationFailure(status: number, code?: string, message = ''): boolean {
  if (status !== 400 && status !== 422) return false
  return (
    /invalid_(body|query|request|params?)|validation/i.test(code ?? '') ||
    /^[A-Za-z_][\w.[\]]*(: | is | must )/.test(message)
  )
}

/** The exit code an HTTP status maps to (with the error body's code, when there is one). */
function exitCodeForStatus(status: number, code?: string, message?: string): number {
  if (isValidationFailure(status, code, message)) return ExitCode.usage
  if (status === 401 || status === 403) return ExitCode.auth
  if (status === 404) return ExitCode.notFound
  if (status === 409 || status === 412 || status === 422) return ExitCode.conflict
  if (status === 429) return ExitCode.rateLimited
  if (status === 408) return ExitCode.timeout
  if (status >= 500) return ExitCode.server
  return ExitCode.error
}

/** A scope refusal (RFC 6750 §3.1 `insufficient_scope`): the credential is valid, its scopes do not reach this. */
export function isScopeRefusal(status: number, code?: string, challenge?: string): boolean {
  return (status === 401 || status === 403) && /insufficient_scope/.test(`${code ?? ''} ${challenge ?? ''}`)
}

function hintForStatus(status: number, code?: string, challenge?: string): string | undefined {
  if (isScopeRefusal(status, code, challenge))
    return "this key's scopes don't include this; see them with `agentry whoami`, or create a key that has it: `agentry keys create --help`"
  if (status === 401) return 'check your credential: run `agentry whoami`, or `agentry login`'
  if (status === 403)
    return 'the credential lacks the scope for this; create a key with it: `agentry keys create --help`'
  if (status === 429) return 'rate limited: wait and try again, or raise --retries'
  if (status >= 500) return 'the server failed; try again later (add --debug to see the exchange)'
  return undefined
}

/** An error answer from the service: status, the server's message and the request id. */
export class ApiError extends CliError {
  readonly status: number
  readonly serverMessage: string
  readonly requestId: string | undefined
  readonly code: string | undefined
  private readonly init: ApiErrorInit
  constructor(init: ApiErrorInit) {
    const where = `${init.method} ${redactUrlForMessage(init.url)}`
    const rid = init.requestId ? ` (request ${init.requestId})` : ''
    const hint = init.hint ?? hintForStatus(init.status, init.code, init.challenge)
    super(`${where}: ${init.status} ${init.message}${rid}`, {
      exitCode: exitCodeForStatus(init.status, init.code, init.message),
      ...(hint ? { hint } : {}),
    })
    this.init = init
    this.name = 'ApiError'
    this.status = init.status
    this.serverMessage = init.message
    this.requestId = init.requestId
    this.code = init.code
  }

  /** The same error with another hint (the API client adds one it alone can give, e.g. about the base URL). */
  withHint(hint: string): ApiError {
    return new ApiError({ ...this.init, hint })
  }
}

/** What an ApiError is made from. */
export interface ApiErrorInit {
  status: number
  message: string
  method: string
  url: string
  requestId?: string
  code?: string
  /** the WWW-Authenticate challenge of a 401/403 (RFC 6750 §3) */
  challenge?: string
  /** a hint instead of the status's own */
  hint?: string
}

/** The request could not reach the server, or the connection broke: exit 8. */
export class NetworkError extends CliError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super(message, { exitCode: ExitCode.network, ...(hint ? { hint } : {}), cause })
    this.name = 'NetworkError'
  }
}

/** The request or stream took longer than allowed: exit 124. */
export class TimeoutError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: ExitCode.timeout, ...(hint ? { hint } : {}) })
    this.name = 'TimeoutError'
  }
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

/** How an error is written to stderr. */
export interface ErrorFormatOptions {
  format: 'text' | 'json'
  debug: boolean
  color: (s: string) => string
}

/** Renders an error for stderr: one line plus a hint, or a JSON object; a bug shows its stack under --debug. */
export function formatError(err: unknown, opts: ErrorFormatOptions): { text: string; exitCode: number } {
  const known = err instanceof CliError
  const exitCode = known ? err.exitCode : ExitCode.error
  const message = err instanceof Error ? err.message : String(err)
  if (opts.format === 'json') {
    const body: Record<string, unknown> = { error: { message, kind: known ? err.kind : 'error', exitCode } }
    const e = body.error as Record<string, unknown>
    if (known && err.hint) e.hint = err.hint
    if (err instanceof ApiError) {
      e.status = err.status
      if (err.requestId) e.requestId = err.requestId
      if (err.code) e.code = err.code
    }
    return { text: `${stringifyJson(body)}\n`, exitCode }
  }
  // messages and hints carry the server's words (and file names, tool output): shown, never obeyed
  let text = `${opts.color('error:')} ${sanitizeText(message)}\n`
  if (known && err.hint) text += `hint: ${sanitizeText(err.hint)}\n`
  if (!known) {
    text +=
      opts.debug && err instanceof Error && err.stack
        ? `${sanitizeText(err.stack)}\n`
        : 'This is a bug in agentry; run again with --debug for details.\n'
  }
  return { text, exitCode }
}
