// The kinds of option a command declares (defineCommand's `options`): each gives commander its flag and help, and
// parses commander's raw value into a typed one, so a bad value is a usage error (exit 2) naming the flag and what
// is allowed — before any request is sent. One whole-number parser, one repeatable-option collector, for all.
import { UsageError } from '../errors.js'
import { parseDecimal, parseWholeNumber, type WholeNumberRange } from '../text/whole-number.js'
import { refuseBlank } from './non-empty.js'

/** What commander hands over for one option: a string, a list (repeatable), true/false (flags) or nothing. */
export type RawValue = string | string[] | boolean | undefined

/** One declared option: commander's side (flags, help, …) and the parser of its raw value. */
export interface OptionSpec<T> {
  /** commander's flags: `--limit <n>`, `-y, --yes`, `--no-stream` */
  flags: string
  help: string
  /** the raw value (`flag` is the long flag, for messages) → the typed value; throws UsageError when bad */
  parse: (raw: RawValue, flag: string) => T
  /** each use adds to a list (`--agent a --agent b`) */
  repeatable?: boolean
  /** the allowed values, shown in help and checked by commander */
  choices?: readonly string[]
  /** commander refuses the option together with these (attribute names: `newChat`) */
  conflicts?: readonly string[]
  /** the option must be given (commander says so, exit 2) */
  required?: boolean
  hidden?: boolean
}

/** The typed value an option spec gives. */
export type ValueOf<S> = S extends OptionSpec<infer T> ? T : never

const usage = (flag: string, problem: string, hint?: string) => new UsageError(`${flag}: ${problem}`, hint)

/** An on/off flag (`--all`, `-y, --yes`); `--no-x` flags are true unless given. */
export function flag(flags: string, help: string): OptionSpec<boolean> {
  const negated = /(^|\s)--no-/.test(flags)
  return { flags, help, parse: (raw) => (raw === undefined ? negated : raw === true) }
}

/** A free-text value; `nonEmpty` refuses `--name ""` and `--name " "` (refuseBlank). Without a default it is undefined when not given. */
export function text(
  flags: string,
  help: string,
  o?: { required?: boolean; nonEmpty?: boolean },
): OptionSpec<string | undefined>
export function text(flags: string, help: string, o: { default: string; nonEmpty?: boolean }): OptionSpec<string>
export function text(
  flags: string,
  help: string,
  o: { nonEmpty?: boolean; default?: string } = {},
): OptionSpec<string | undefined> {
  return {
    flags,
    help,
    parse: (raw, flag) => {
      if (raw === undefined) return o.default
      const value = String(raw)
      return o.nonEmpty ? refuseBlank(value, flag) : value
    },
  }
}

/** A whole number in a range (`--limit <n>` 1–100); undefined when not given and there is no default. */
export function int(flags: string, help: string, range: WholeNumberRange): OptionSpec<number | undefined>
export function int(flags: string, help: string, range: WholeNumberRange & { default: number }): OptionSpec<number>
export function int(
  flags: string,
  help: string,
  range: WholeNumberRange & { default?: number },
): OptionSpec<number | undefined> {
  return {
    flags,
    help,
    parse: (raw, flag) => {
      if (raw === undefined) return range.default
      const n = parseWholeNumber(String(raw), range)
      if (typeof n !== 'number') throw usage(flag, `${String(raw)} ${n.problem}`)
      return n
    },
  }
}

/** A TCP port on 127.0.0.1 to listen on: 0 to 65535, 0 for any free one (the help says so). */
export function port(flags: string, help: string): OptionSpec<number | undefined>
export function port(flags: string, help: string, o: { default: number }): OptionSpec<number>
export function port(flags: string, help: string, o: { default?: number } = {}): OptionSpec<number | undefined> {
  return int(flags, `${help} (0 to 65535, 0: any free port)`, { min: 0, max: 65_535, ...o })
}

/** A decimal number of some unit (`--tool-timeout <seconds>`), more than `above` (exclusive) and at most `max`. */
export function decimal(
  flags: string,
  help: string,
  range: { above: number; max: number; unit: string; default: number },
): OptionSpec<number>
/** The same without a default: undefined when the flag is not given. */
export function decimal(
  flags: string,
  help: string,
  range: { above: number; max: number; unit: string },
): OptionSpec<number | undefined>
export function decimal(
  flags: string,
  help: string,
  range: { above: number; max: number; unit: string; default?: number },
): OptionSpec<number | undefined> {
  return {
    flags,
    help,
    parse: (raw, flag) => {
      if (raw === undefined) return range.default
      const n = parseDecimal(String(raw), range)
      if (typeof n !== 'number') throw usage(flag, `${String(raw)} ${n.problem}`)
      return n
    },
  }
}

/** One of a fixed set of words (`--cms none|read|write`); commander checks it and lists the choices in help. */
export function choice<const C extends string>(
  flags: string,
  help: string,
  choices: readonly C[],
): OptionSpec<C | undefined> {
  return { flags, help, choices, parse: (raw) => (raw === undefined ? undefined : (String(raw) as C)) }
}

/** A repeatable option (`--agent a --agent b`): every value, in order; `nonEmpty` refuses an empty one. */
export function list(flags: string, help: string, o: { nonEmpty?: boolean } = {}): OptionSpec<string[]> {
  return {
    flags,
    help,
    repeatable: true,
    parse: (raw, flag) => {
      const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)]
      if (o.nonEmpty) for (const v of values) refuseBlank(v, flag)
      return values
    },
  }
}

/** A value with its own parser (a date, a duration, a file name checked for size): `parse` throws UsageError. */
export function custom<T>(
  flags: string,
  help: string,
  parse: (value: string, flag: string) => T,
): OptionSpec<T | undefined> {
  return { flags, help, parse: (raw, flag) => (raw === undefined ? undefined : parse(String(raw), flag)) }
}

/** The option must be given (commander refuses the command line without it, exit 2): its value is never undefined. */
export function required<T>(spec: OptionSpec<T | undefined>): OptionSpec<T> {
  return {
    ...spec,
    required: true,
    parse: (raw, flag) => {
      const value = spec.parse(raw, flag)
      if (value === undefined) throw usage(flag, 'is required')
      return value
    },
  }
}

/** The collector commander calls for a repeatable option: each value appended to the list so far. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}
