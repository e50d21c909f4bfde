// commander's Command with our usage errors: "did you mean" from the one rule (src/io/did-you-mean.ts) for an
// unknown command or option, and an unknown subcommand reported as one even when --help follows it (`agentry
// nosuch --help` showed the parent's help and exited 0). Every command of the program is one of these
// (registerCommand, and createCommand for the summaries of `agentry --help`).
import { Command, type ErrorOptions } from 'commander'
import { didYouMean } from '../io/did-you-mean.js'

const helpFlags = new Set(['-h', '--help'])

/**
 * argv without its help flags when one of its words names no subcommand of a group (`agentry nosuch --help`,
 * `agentry agents lst -h`): commander then reports the unknown command (exit 2) instead of showing the group's help.
 */
export function reportUnknownCommandBeforeHelp(program: Command, argv: string[]): string[] {
  let cmd = program
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--') break
    if (a.startsWith('-')) {
      if (takesValue(cmd, a) && !argv[i + 1]?.startsWith('-')) i++
      continue
    }
    if (cmd.commands.length === 0 || a === 'help') break
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a))
    if (sub === undefined) return argv.filter((x) => !helpFlags.has(x))
    cmd = sub
  }
  return argv
}

/** Whether an option (`--profile`, not `--profile=x`) of `cmd` or its parents takes a value. */
function takesValue(cmd: Command, arg: string): boolean {
  for (let c: Command | null = cmd; c; c = c.parent)
    for (const o of c.options) if (o.long === arg || o.short === arg) return o.required || o.optional
  return false
}

export class CliCommand extends Command {
  override createCommand(name?: string): CliCommand {
    return new CliCommand(name)
  }

  /** commander's error, with our suggestion for an unknown command or option (commander's own are turned off). */
  override error(message: string, errorOptions?: ErrorOptions): never {
    const m = /^error: unknown (command|option) '(.*)'$/.exec(message)
    const hint = m && (m[1] === 'command' ? this.commandHint(m[2]!) : this.optionHint(m[2]!))
    return super.error(hint ? `${message}\n(${hint[0]!.toUpperCase()}${hint.slice(1)})` : message, errorOptions)
  }

  private commandHint(word: string): string | undefined {
    const visible = this.createHelp().visibleCommands(this)
    const nameOf = (name: string) => visible.find((c) => c.aliases().includes(name))?.name() ?? name
    return didYouMean(
      word,
      visible.flatMap((c) => [c.name(), ...c.aliases()]),
      nameOf,
    )
  }

  /** The nearest long option of this command and its parents; for `-v`, the short option of the other case (`-V`). */
  private optionHint(flag: string): string | undefined {
    const options = []
    for (let c: Command | null = this; c; c = c.parent) options.push(...c.createHelp().visibleOptions(c))
    if (!flag.startsWith('--')) {
      const other = flag === flag.toLowerCase() ? flag.toUpperCase() : flag.toLowerCase()
      const same = options.find((o) => o.short === other)
      return same ? `did you mean ${same.short}${same.long ? ` (${same.long})` : ''}?` : undefined
    }
    const longs = options.flatMap((o) => (o.long ? [o.long.slice(2)] : []))
    return didYouMean(flag.slice(2), longs, (name) => `--${name}`)
  }
}
