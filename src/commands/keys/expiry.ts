// `keys create --expires`: an ISO 8601 date or time, or a duration from now (30d, 12h, 1w); always in the future.
import { UsageError } from '../../errors.js'
import { parseDuration } from '../../schedule-timing/duration.js'

/** An expiry as given: a duration from now (seconds), or a moment (ms since the epoch). */
type Expiry = { seconds: number } | { at: number }

/** Parses `--expires` (its form only: whether it is in the future depends on the run's clock, see expiryTime). */
export function parseExpiry(text: string, flag = '--expires'): Expiry {
  const seconds = parseDuration(text)
  if (typeof seconds === 'number') return { seconds }
  if (seconds !== undefined) throw new UsageError(`${flag} ${text}: ${seconds.problem}`, 'e.g. --expires 365d')
  const at = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/i.test(text.trim())
    ? Date.parse(text.trim())
    : Number.NaN
  if (!Number.isFinite(at))
    throw new UsageError(`${flag} ${text}: not a date or a duration`, 'e.g. --expires 30d or --expires 2030-01-31')
  return { at }
}

/** The ISO time an expiry means at `now`; a usage error (naming `text`) when that is not in the future. */
export function expiryTime(expiry: Expiry, text: string, now: number): string {
  const at = 'seconds' in expiry ? now + expiry.seconds * 1000 : expiry.at
  if (at <= now) throw new UsageError(`--expires ${text}: that is not in the future`)
  return new Date(at).toISOString()
}

/** `--expires` text → the ISO time it means at `now` (parseExpiry, then expiryTime). */
export function expiresAt(text: string, now: number): string {
  return expiryTime(parseExpiry(text), text, now)
}
