// A command line read without commander. Most runs are plain: global options, the words of one declared command,
// its arguments and its options, each spelled out (`agents list --json --limit 5`). Such a line is read here from
// the declarations (the global flag table, the command's own declaration) and run as commander would run it, so
// that commander (~110 KB, with building the program) never loads. Anything else is left to commander, untouched
// and before anything has run, so that its help, its usage errors and its suggestions stay exactly its own: help
// or version flags, `--`, `help`, an unknown word or option, a missing or extra argument or option value, a value
// that starts with a dash, a choice not allowed, options that conflict, a required option missing, grouped short
// options (`-qo`), an option with an optional value, a command with commander settings of its own.
import type { ArgSpec, CommandDef, Declared } from './commands/define.js'
import { type GroupSpec, groups } from './commands/manifest.js'
import type { OptionSpec, RawValue } from './commands/options.js'
import { type GlobalKey, type GlobalOptions, globalFlags, spellingsOf } from './config/global-flags.js'
import type { Context } from './context.js'
import { startRun } from './run-start.js'

/** A command line read: the command, and what commander would hand its hook and action. */
interface DirectLine {
  def: CommandDef
  /** the options as commander's optsWithGlobals() gives them (the globals, then the command's own) */
  globals: GlobalOptions
  /** the arguments, in declared order */
  args: unknown[]
  /** each declared option's raw value, by its name in the declaration */
  raw: Record<string, RawValue>
}

/** How a token names an option: its key, whether it takes a value, whether it is a `--no-` flag. */
interface Spelled {
  key: string
  takesValue: boolean
  negated: boolean
  choices?: readonly string[] | undefined
}

/** A token commander reads as an option (`-` alone is an operand: stdin). */
const optionLike = (a: string) => a.length > 1 && a.startsWith('-')

/** The spellings of some options (long and short) → what each names. */
function spellings(options: [string, { flags: string; choices?: readonly string[] | undefined }][]) {
  const map = new Map<string, Spelled>()
  for (const [key, o] of options) {
    const s = spellingsOf(o.flags)
    const spelled = { key, takesValue: s.takesValue, negated: s.long.startsWith('--no-'), choices: o.choices }
    map.set(s.long, spelled)
    if (s.short) map.set(s.short, spelled)
  }
  return map
}

const globalSpellings = spellings(Object.entries(globalFlags))

/**
 * Reads one option token at `argv[i]` named in `known`: its key and value (true/false for a flag), and how many
 * tokens it took; undefined when commander should read the line (see the top of this file).
 */
function readOption(
  argv: string[],
  i: number,
  known: Map<string, Spelled>,
): { key: string; value: string | boolean; used: number } | 'unknown' | undefined {
  const a = argv[i]!
  const eq = a.startsWith('--') ? a.indexOf('=') : -1
  const name = eq > 0 ? a.slice(0, eq) : a
  const o = known.get(name)
  if (o === undefined) return 'unknown'
  if (!o.takesValue) return eq > 0 ? undefined : { key: o.key, value: !o.negated, used: 1 }
  const value = eq > 0 ? a.slice(eq + 1) : argv[i + 1]
  if (value === undefined || (eq < 0 && optionLike(value))) return undefined
  if (o.choices && !o.choices.includes(value)) return undefined
  return { key: o.key, value, used: eq > 0 ? 1 : 2 }
}

/** commander's attribute name of an option (`--new-chat` → newChat, `--no-stream` → stream). */
function attributeName(flags: string): string {
  return spellingsOf(flags)
    .long.replace(/^--(no-)?/, '')
    .replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
}

/** Runs a line read by directLine: what commander's preAction hook (program.ts) and action (register.ts) do, in order. */
export async function runDirect(ctx: Context, line: DirectLine): Promise<void> {
  const longFlags = Object.values(line.def.options ?? {}).map((o) => spellingsOf((o as OptionSpec<unknown>).flags).long)
  await startRun(ctx, line.globals, line.def.path.join(' '), longFlags)
  await line.def.run(runInput(line) as never, ctx)
}

/** What run() gets: the arguments by name, and each option's raw value parsed by its kind (a UsageError when bad). */
export function runInput(line: DirectLine): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  Object.keys(line.def.args ?? {}).forEach((name, i) => {
    input[name] = line.args[i]
  })
  for (const [name, o] of Object.entries(line.def.options ?? {}))
    input[name] = o.parse(line.raw[name], spellingsOf(o.flags).long)
  return input
}

/**
 * The command line read from the declarations (the top-level commands `from`: the manifest's), or undefined when
 * commander should read it.
 */
export async function directLine(argv: string[], from: readonly GroupSpec[] = groups): Promise<DirectLine | undefined> {
  // commander reads the program's options anywhere on the line: so are they here, first
  const globals: Record<string, unknown> = { color: true } // a lone --no-x option is true unless given
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--' || a === '-h' || a === '--help' || a === '-V' || a === '--version') return undefined
    if (!optionLike(a)) {
      rest.push(a)
      continue
    }
    const o = readOption(argv, i, globalSpellings)
    if (o === undefined) return undefined
    if (o === 'unknown') {
      rest.push(a)
      continue
    }
    globals[o.key as GlobalKey] = o.value
    i += o.used - 1
  }
  const def = await declaredCommand(rest, from)
  if (def === undefined) return undefined
  const line = commandLine(def, rest.slice(def.path.length))
  return line && { def, globals: { ...globals, ...line.attributes } as GlobalOptions, args: line.args, raw: line.raw }
}

/** The declared command the first words name (by name or alias), when they name a command (not a group). */
async function declaredCommand(words: string[], from: readonly GroupSpec[]): Promise<CommandDef | undefined> {
  const group = from.find((g) => g.name === words[0] || g.aliases?.includes(words[0] ?? ''))
  if (group === undefined) return undefined
  let def: Declared | undefined = (await group.load()).default
  for (let depth = 1; def?.kind === 'group'; depth++) {
    const word = words[depth] ?? ''
    def = def.commands.find((c) => c.path[c.path.length - 1] === word || c.aliases?.includes(word))
  }
  return def?.commander === undefined ? def : undefined
}

/** The command's own arguments and options from the tokens after its words, or undefined (see the top). */
function commandLine(def: CommandDef, tokens: string[]) {
  const options = Object.entries(def.options ?? {}) as [string, OptionSpec<unknown>][]
  // an option with an optional value, or with no long name (messages name the long flag): commander's
  if (options.some(([, o]) => o.flags.includes('[') || !spellingsOf(o.flags).long)) return undefined
  const known = spellings(options)
  if ([...known.keys()].some((s) => globalSpellings.has(s))) return undefined
  const raw: Record<string, RawValue> = {}
  const operands: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (!optionLike(t)) {
      operands.push(t)
      continue
    }
    const o = readOption(tokens, i, known)
    if (o === undefined || o === 'unknown') return undefined
    const before = raw[o.key]
    raw[o.key] = def.options![o.key]!.repeatable ? [...(Array.isArray(before) ? before : []), String(o.value)] : o.value
    i += o.used - 1
  }
  // commander refuses options given together that conflict (named by their attribute names)
  const given = new Set(options.filter(([key]) => raw[key] !== undefined).map(([, o]) => attributeName(o.flags)))
  for (const [key, o] of options) if (raw[key] !== undefined && o.conflicts?.some((c) => given.has(c))) return undefined
  const attributes: Record<string, RawValue> = {}
  for (const [key, o] of options) {
    if (raw[key] === undefined && o.required) return undefined
    if (raw[key] === undefined && spellingsOf(o.flags).long.startsWith('--no-')) raw[key] = true
    attributes[attributeName(o.flags)] = raw[key]
  }
  const args = argumentsOf(Object.values(def.args ?? {}), operands)
  return args && { raw, attributes, args }
}

/** The arguments as commander hands them (a list for `...`), or undefined when too few or too many are given. */
function argumentsOf(declared: ArgSpec[], operands: string[]): unknown[] | undefined {
  const variadic = declared.at(-1)?.syntax.includes('...') ?? false
  const required = declared.filter((a) => a.syntax.startsWith('<')).length
  if (operands.length < required || (!variadic && operands.length > declared.length)) return undefined
  return declared.map((a, i) => (a.syntax.includes('...') ? operands.slice(i) : operands[i]))
}
