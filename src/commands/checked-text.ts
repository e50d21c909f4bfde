// Free-text flag values with a limit the interface sets (a name of at most 100 characters) or that must not be empty,
// as a parser for `custom` (src/commands/options.ts): the error names the flag and says what to give.
import { UsageError } from '../errors.js'

/** What a text value must be: not empty (`empty` is then the problem to show) and at most `max` characters. */
export interface TextRule {
  empty?: string
  max?: number
}

/** A `custom` parser that returns the text as given, or throws a usage error naming the flag and the rule broken. */
export function checkedText(rule: TextRule): (value: string, flag: string) => string {
  return (value, flag) => {
    if (rule.empty !== undefined && value === '') throw new UsageError(`${flag}: ${rule.empty}`)
    if (rule.max !== undefined && value.length > rule.max)
      throw new UsageError(`${flag}: must be at most ${rule.max} characters`)
    return value
  }
}
