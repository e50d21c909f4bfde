// The one parser of numbers typed by people (flags, environment variables, settings, `config set`, `--shard 2/5`):
// digits only — no sign, no exponent, no `0x`, no blanks — within an inclusive range. parseWholeNumber for counts
// (`--limit 20`, `--retries 3`), parseDecimal for amounts of a unit (`--timeout 2.5`): the same digits, with an
// optional fraction. `1e1`, ` 5`, `+3`, `Infinity` and `1_000` are refused by both, with the same sentence.

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
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN
  const ok = Number.isSafeInteger(n) && n >= range.min && (range.max === undefined || n <= range.max)
  return ok ? n : { problem: `must be ${describeRange(range)}` }
}

/** The range of a decimal: more than `above` (or at least `min`), at most `max`, in `unit` (e.g. "seconds"). */
export interface DecimalRange {
  above?: number
  min?: number
  max: number
  unit: string
}

/**
 * `text` as a plain decimal (`30`, `2.5`, `0.1`) in `range`, or an error message saying what is allowed ("must be a
 * number of seconds from 0.1 to 86400").
 */
export function parseDecimal(text: string, range: DecimalRange): number | { problem: string } {
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  const low = range.above !== undefined ? n > range.above : n >= (range.min ?? 0)
  if (Number.isFinite(n) && low && n <= range.max) return n
  const from = range.above !== undefined ? `above ${range.above}, at most` : `from ${range.min ?? 0} to`
  return { problem: `must be a number of ${range.unit} ${from} ${range.max}` }
}
