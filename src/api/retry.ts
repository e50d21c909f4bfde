// The retry policy (ARCHITECTURE.md "HTTP"): idempotent requests only; connection errors, 408, 429 and 5xx;
// exponential backoff with full jitter; Retry-After honoured up to 60 s; never after a streamed byte reached the user.

/** Methods that are safe to send twice (RFC 9110 9.2.2). */
export const idempotentMethods = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

/** The most we wait because a server asked us to. */
const maxRetryAfterMs = 60_000

/** Error codes that mean the connection failed before or while the request was sent. */
const retryableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
])

/** Does this status invite a retry? */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/** Does this thrown error mean a connection failure worth retrying? */
export function isRetryableError(err: unknown): boolean {
  let e: unknown = err
  for (let i = 0; i < 4 && e; i++) {
    const code = (e as { code?: string }).code
    if (code && retryableCodes.has(code)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** Parses Retry-After (delta seconds or an HTTP date) into milliseconds, or undefined. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const v = value.trim()
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000)
  const t = Date.parse(v)
  return Number.isNaN(t) ? undefined : Math.max(0, t - now)
}

/** The wait before retry number `attempt` (0-based): full jitter over 250 ms × 2^attempt, capped at 8 s. */
function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(8_000, 250 * 2 ** attempt))
}

/** The wait before the next try, or undefined when the server asked for longer than we wait. */
export function retryDelay(attempt: number, retryAfter: string | undefined, random?: () => number): number | undefined {
  const asked = parseRetryAfter(retryAfter)
  if (asked !== undefined) return asked > maxRetryAfterMs ? undefined : asked
  return backoffMs(attempt, random)
}
