// The command tree as plain data for completion (static.ts): built from commander's declarations, at run time for
// the words' group (`__complete` through the CLI) and at build time for every group (dist/complete.cjs).
import type { Command } from 'commander'
import { outputFormats } from '../../io/output.js'
import type { CommandNode, OptionNode } from './static.js'

/** Values of flags that declare no choices but have a fixed set. */
const knownValues: Record<string, readonly string[]> = {
  '--output': [...outputFormats, 'text'],
  '--error-format': ['text', 'json'],
}

/** Is this command hidden from help (commander keeps the flag private)? */
function isHidden(c: Command): boolean {
  return (c as unknown as { _hidden?: boolean })._hidden === true
}

/** A command of commander (and all below it) as completion's data. */
export function commandTree(cmd: Command): CommandNode {
  const options = cmd.options.map((o): OptionNode => {
    const choices = o.argChoices ?? (o.long ? knownValues[o.long] : undefined)
    const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1]
    return {
      ...(o.long && { long: o.long }),
      ...(o.short && { short: o.short }),
      ...(o.hidden && { hidden: true }),
      ...(o.required && { required: true }),
      ...(valueName && { valueName }),
      ...(choices && { choices }),
    }
  })
  return {
    name: cmd.name(),
    ...(cmd.aliases().length && { aliases: cmd.aliases() }),
    ...(isHidden(cmd) && { hidden: true }),
    options,
    args: cmd.registeredArguments.map((a) => ({ name: a.name(), ...(a.argChoices && { choices: a.argChoices }) })),
    commands: cmd.commands.map(commandTree),
  }
}
