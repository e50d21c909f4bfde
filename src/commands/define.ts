// The one way to declare a command: its path (the words users type), arguments, options, examples and
// run(opts, ctx), in one object. registerCommand() turns declarations into commander commands; run() gets the
// arguments and options parsed and typed (bad values are usage errors naming the flag), and the Context.
// Shape learnt from wrangler's CommandRegistry and gh's one-package-per-command layout (ARCHITECTURE.md).
import { type Command, Option } from 'commander'
import type { Context } from '../context.js'
import { CliCommand } from './cli-command.js'
import { collect, type OptionSpec, type RawValue, type ValueOf } from './options.js'

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

/** Adds a declared command or group (with everything under it) to `parent`. */
export function registerCommand(parent: Command, ctx: Context, def: Declared): Command {
  const cmd = new CliCommand(def.path[def.path.length - 1]).description(def.summary).aliases([...(def.aliases ?? [])])
  const after = [
    def.examples?.length ? `\nExamples:\n${def.examples.map((l) => `  ${l}`).join('\n')}\n` : '',
    def.helpAfter ?? '',
  ].join('')
  if (after) cmd.addHelpText('after', after)
  parent.addCommand(cmd, {
    ...(def.hidden ? { hidden: true } : {}),
    ...(def.kind === 'command' && def.isDefault ? { isDefault: true } : {}),
  })
  if (def.kind === 'group') {
    for (const child of def.commands) registerCommand(cmd, ctx, child)
    return cmd
  }
  const args = Object.entries(def.args ?? {}) as [string, ArgSpec][]
  for (const [, a] of args) cmd.argument(a.syntax, a.help)
  const options = Object.entries(def.options ?? {}) as [string, OptionSpec<unknown>][]
  for (const [, o] of options) cmd.addOption(commanderOption(o))
  def.commander?.(cmd)
  cmd.action(async (...given: unknown[]) => {
    const raw = cmd.opts() as Record<string, RawValue>
    const parsed: Record<string, unknown> = {}
    args.forEach(([name], i) => {
      parsed[name] = given[i]
    })
    for (const [name, o] of options) {
      const option = cmd.options.find((c) => c.flags === o.flags)!
      parsed[name] = o.parse(raw[option.attributeName()], option.long ?? option.flags)
    }
    await def.run(parsed as never, ctx)
  })
  return cmd
}

/** commander's Option for a declared one. */
function commanderOption(o: OptionSpec<unknown>): Option {
  const opt = new Option(o.flags, o.help)
  if (o.repeatable) opt.argParser(collect)
  if (o.choices) opt.choices(o.choices)
  if (o.conflicts) opt.conflicts([...o.conflicts])
  if (o.required) opt.makeOptionMandatory()
  if (o.hidden) opt.hideHelp()
  return opt
}
