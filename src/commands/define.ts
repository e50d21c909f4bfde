// The one way to declare a command: its path (the words users type), arguments, options, examples and
// run(opts, ctx), in one object. registerCommand() (register.ts) turns declarations into commander commands, and
// src/direct-run.ts runs a plain command line without commander; run() gets the arguments and options parsed and
// typed (bad values are usage errors naming the flag), and the Context. No commander here: declarations load
// without it.
// Shape learnt from wrangler's CommandRegistry and gh's one-package-per-command layout (ARCHITECTURE.md).
import type { Command } from 'commander'
import type { Context } from '../context.js'
import type { OptionSpec, ValueOf } from './options.js'

/** A positional argument: `<name>` required, `[name]` optional, `<name...>` / `[name...]` a list. */
export interface ArgSpec<S extends string = string> {
  syntax: S
  help: string
}

/** The value an argument gives: a list for `...`, possibly undefined for `[optional]`. */
type ArgValue<S extends string> = S extends `${string}...${string}`
  ? string[]
  : S extends `[${string}]`
    ? string | undefined
    : string

/** A positional argument (`arg('<agentId>', 'the agent id')`). */
export function arg<const S extends string>(syntax: S, help: string): ArgSpec<S> {
  return { syntax, help }
}

type OptionsSpec = Record<string, OptionSpec<unknown>>
export type ArgsSpec = Record<string, ArgSpec>

/** What run() gets: every argument and option by name, parsed. */
export type Parsed<A extends ArgsSpec, O extends OptionsSpec> = { [K in keyof A]: ArgValue<A[K]['syntax']> } & {
  [K in keyof O]: ValueOf<O[K]>
}

/** A command as declared. */
export interface CommandDef<A extends ArgsSpec = ArgsSpec, O extends OptionsSpec = OptionsSpec> {
  kind: 'command'
  /** the words users type, from the top: ['agents', 'list'] */
  path: readonly string[]
  aliases?: readonly string[]
  /** one line for the parent's list and the command's own --help */
  summary: string
  /** positional arguments, in order */
  args?: A
  options?: O
  /** command lines shown under "Examples:" in --help */
  examples?: readonly string[]
  /** more help text, after the examples */
  helpAfter?: string
  hidden?: boolean
  /** the command its group runs when no subcommand is named (`config profiles` lists them) */
  isDefault?: boolean
  /** commander settings a few commands need (pass-through options of `api`, unknown options of `__complete`) */
  commander?: (cmd: Command) => void
  // method syntax on purpose: any declared command is then a Declared (parameters compared both ways)
  run(opts: Parsed<A, O>, ctx: Context): Promise<void> | void
}

/** A group of commands (`agents`, `config profiles`): a summary and its commands, nothing to run itself. */
export interface GroupDef {
  kind: 'group'
  path: readonly string[]
  aliases?: readonly string[]
  summary: string
  examples?: readonly string[]
  helpAfter?: string
  hidden?: boolean
  commands: readonly Declared[]
}

/** A declared command or group. */
export type Declared = CommandDef | GroupDef

/** Declares a command (see CommandDef). */
export function defineCommand<
  const A extends ArgsSpec = Record<never, ArgSpec>,
  const O extends OptionsSpec = Record<never, OptionSpec<unknown>>,
>(def: Omit<CommandDef<A, O>, 'kind'>): CommandDef<A, O> {
  return { kind: 'command', ...def }
}

/** Declares a group of commands. */
export function defineGroup(def: Omit<GroupDef, 'kind'>): GroupDef {
  return { kind: 'group', ...def }
}
