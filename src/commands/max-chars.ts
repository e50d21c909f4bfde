// Free-text flag values with a length limit the interface sets (a key name of at most 100 characters), as a parser
// for `custom` (src/commands/options.ts); an empty value is refused by nonEmpty (src/commands/non-empty.ts) first
// when the flag needs one.
import { UsageError } from '../errors.js'
import { nonEmpty } from './non-empty.js'

/** A parser refusing more than `max` characters (and, with `empty` — what to give — an empty value), naming the flag. */
export function maxChars(max: number, empty?: string): (value: string, flag: string) => string {
  const given = empty === undefined ? (value: string) => value : nonEmpty(empty)
  return (value, flag) => {
    if (given(value, flag).length > max) throw new UsageError(`${flag}: must be at most ${max} characters`)
    return value
  }
}
