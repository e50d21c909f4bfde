// A `custom` option parser for values that must not be empty (`--results ''`), whose message says what to give
// ("give a path"); `text(…, { nonEmpty })` says only "give a value".
import { UsageError } from '../errors.js'

/** A parser refusing an empty value with `${flag}: ${what}`. */
export function nonEmpty(what: string): (value: string, flag: string) => string {
  return (value, flag) => {
    if (value === '') throw new UsageError(`${flag}: ${what}`)
    return value
  }
}
