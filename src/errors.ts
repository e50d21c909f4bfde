// The CLI's errors and exit codes, mapped in one place (ARCHITECTURE.md "Exit codes"; docs/exit-codes.md): the
// library's errors (src/api/errors.ts) carry no exit code; exitCodeOf gives each its code.
import {
  AgentryError,
  ApiError,
  CancelledError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  UsageError,
} from './api/errors.js'
import { sanitizeText, stringifyJson } from './text/sanitize.js'

// The library's error classes (no exit codes), for the CLI's own use.
export {
  AgentryError,
  ApiError,
  CancelledError,
  isScopeRefusal,
  NetworkError,
  TimeoutError,
  UsageError,
} from './api/errors.js'

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

/** An error of the CLI itself, with the exit code it ends the run with: one line, an optional hint. Never a stack. */
export class CliError extends AgentryError {
  readonly exitCode: number
  constructor(message: string, opts: { exitCode?: number; hint?: string; cause?: unknown } = {}) {
    super(message, { hint: opts.hint, cause: opts.cause })
    this.name = 'CliError'
    this.exitCode = opts.exitCode ?? ExitCode.error
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

/**
 * The exit code of an error: the one place that maps the library's error classes (which carry none) and an error
 * answer's status to the table above. A CliError says its own; anything else (a bug) is 1.
 */
export function exitCodeOf(err: unknown): number {
  if (err instanceof CliError) return err.exitCode
  if (err instanceof ApiError) return exitCodeForStatus(err.status, err.code, err.serverMessage)
  if (err instanceof UsageError) return ExitCode.usage
  if (err instanceof CancelledError) return ExitCode.cancelled
  if (err instanceof TimeoutError) return ExitCode.timeout
  if (err instanceof NetworkError) return ExitCode.network
  if (err instanceof InvalidResponseError) return ExitCode.server
  return ExitCode.error
}

/** The kind of an error, as printed by `--error-format json` and chat's error events. */
export function kindOf(err: unknown): ErrorKind {
  return kindOfExitCode(exitCodeOf(err))
}

/** How an error is written to stderr. */
export interface ErrorFormatOptions {
  format: 'text' | 'json'
  debug: boolean
  color: (s: string) => string
}

/** Renders an error for stderr: one line plus a hint, or a JSON object; a bug shows its stack under --debug. */
export function formatError(err: unknown, opts: ErrorFormatOptions): { text: string; exitCode: number } {
  const known = err instanceof AgentryError
  const exitCode = exitCodeOf(err)
  const message = err instanceof Error ? err.message : String(err)
  if (opts.format === 'json') {
    const body: Record<string, unknown> = { error: { message, kind: kindOf(err), exitCode } }
    const e = body.error as Record<string, unknown>
    if (known && err.hint) e.hint = err.hint
    if (err instanceof ApiError) {
      e.status = err.status
      if (err.requestId) e.requestId = err.requestId
      if (err.code) e.code = err.code
    }
    if (err instanceof NetworkError && err.reason) e.reason = err.reason
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
