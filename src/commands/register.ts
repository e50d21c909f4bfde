// A declaration (define.ts) made into commander commands: the program's side of a command, loaded only when
// commander parses the command line (src/program.ts), never by a run of src/direct-run.ts.
import { type Command, Option } from 'commander'
import type { Context } from '../context.js'
import { CliCommand } from './cli-command.js'
import type { ArgSpec, Declared } from './define.js'
import { collect, type OptionSpec, type RawValue } from './options.js'

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
