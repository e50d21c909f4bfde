// The one rule for values that must not be empty: a value of only spaces (`--name "  "`, an unset variable in
// `--out "$DIR "`) is as empty as '' for an id, a name, a path or a prompt. `text`/`list` options with `nonEmpty`
// say "give a value"; a `custom` parser from nonEmpty() says what to give ("give a path").
import { UsageError } from '../errors.js'

/** Refuses an empty or blank value with `${flag}: ${what}`; returns the value as given. */
export function refuseBlank(value: string, flag: string, what = 'give a value'): string {
  if (value.trim() === '') throw new UsageError(`${flag}: ${what}`)
  return value
}

/** A `custom` option parser refusing an empty or blank value with `${flag}: ${what}`. */
export function nonEmpty(what: string): (value: string, flag: string) => string {
  return (value, flag) => refuseBlank(value, flag, what)
}
