// The one parser of whole numbers typed by people (flags, environment variables, settings, `--shard 2/5`):
// digits only — no sign, no exponent, no `0x`, no blanks — within an inclusive range.

/** The range a whole number must fall in, inclusive; `max` may be left open. */
export interface WholeNumberRange {
  min: number
  max?: number
}

/** The range in words: "a whole number from 1 to 100", "a whole number from 0 up". */
function describeRange({ min, max }: WholeNumberRange): string {
  return max === undefined ? `a whole number from ${min} up` : `a whole number from ${min} to ${max}`
}

/**
 * `text` as a whole number in `range`, or an error message saying what is allowed ("must be a whole number from 1
 * to 100"). Returning the message, not throwing, lets each caller name the flag or variable in its own error kind.
 */
export function parseWholeNumber(text: string, range: WholeNumberRange): number | { problem: string } {
  const trimmed = text.trim()
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  const ok = Number.isSafeInteger(n) && n >= range.min && (range.max === undefined || n <= range.max)
  return ok ? n : { problem: `must be ${describeRange(range)}` }
}
