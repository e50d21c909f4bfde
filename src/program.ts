// The commander program: global options, the group that runs (or every group as a summary), help, usage errors.
// Loaded only when src/direct-run.ts leaves the command line to commander (help, a usage error, anything unusual),
// by the build (help text, the completion table) and by `__complete`.
import type { Command } from 'commander'
import { CliCommand, reportUnknownCommandBeforeHelp } from './commands/cli-command.js'
import { groups } from './commands/manifest.js'
import { registerCommand } from './commands/register.js'
import { globalFlags, takesGlobalValue } from './config/global-flags.js'
import type { Context } from './context.js'
import { exitCodeSummary } from './errors.js'
import { envColumns } from './io/iostreams.js'
import { startRun, stderrRed } from './run-start.js'

/** The first operand of argv: the top-level command (`help x` → x). */
function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--') return argv[i + 1]
    if (a.startsWith('-')) {
      if (takesGlobalValue(a)) i++
      continue
    }
    if (a === 'help') return argv[i + 1]
    return a
  }
  return undefined
}

/**
 * The error format asked for on the command line (`--error-format json`, `--error-format=json`) or in the
 * environment: known before commander parses, so that commander's own usage errors honour it too.
 */
function errorFormatOfArgv(argv: string[], env: NodeJS.ProcessEnv): 'text' | 'json' {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--') break
    if (a === '--error-format') return argv[i + 1] === 'json' ? 'json' : 'text'
    if (a.startsWith('--error-format=')) return a.slice('--error-format='.length) === 'json' ? 'json' : 'text'
  }
  return env.AGENTRY_ERROR_FORMAT === 'json' ? 'json' : 'text'
}

/**
 * `agentry help a b` is `agentry a b --help` (commander's help command would show the help of `a` only); bare
 * `agentry` (no command word, no help or version flag; global options only) is `agentry --help`, on stdout with
 * exit 0, as gh does. An unknown option is left for commander to refuse (`agentry --bogus`: exit 2, not help).
 */
function normalizeArgv(argv: string[], program: Command): string[] {
  const word = firstOperand(argv)
  if (word === undefined) {
    const asks = argv.some((a) => ['-h', '--help', '-V', '--version'].includes(a))
    const unknown = argv.some((a) => a.startsWith('-') && a !== '--' && !isOptionOf(program, a))
    return asks || unknown ? argv : [...argv, '--help']
  }
  if (argv[word] !== 'help') return argv
  return [...argv.slice(0, word), ...argv.slice(word + 1), '--help']
}

/** Whether `arg` (`-q`, `--json`, `--profile=x`) is one of the command's own options. */
function isOptionOf(cmd: Command, arg: string): boolean {
  const name = arg.split('=')[0]
  return cmd.options.some((o) => o.long === name || o.short === name)
}

/** The index of the first operand of argv (global option values skipped), or undefined. */
function firstOperand(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--') return argv.length > i + 1 ? i + 1 : undefined
    if (a.startsWith('-')) {
      if (takesGlobalValue(a)) i++
      continue
    }
    return i
  }
  return undefined
}

/** The words of a command below the program: `config set`. */
function commandPath(cmd: Command): string {
  const words: string[] = []
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name())
  return words.join(' ')
}

/** The program with global options and every group: the one that runs loaded for real, the rest as summaries. */
export async function buildProgram(ctx: Context, argv: string[], usageErrors?: string[]): Promise<Command> {
  // with --error-format json, commander's own error lines are kept here and written as JSON by run()
  const jsonUsage = usageErrors !== undefined && errorFormatOfArgv(argv, ctx.env) === 'json'
  // commander reports its errors synchronously: the palette (chalk) is loaded beforehand, only when stderr has colour
  const red = await stderrRed(ctx)
  const program = new CliCommand('agentry')
    .description(
      'agentry: agents, chat, scenarios, webhooks, schedules, keys, CMS, sites, files and images, from a terminal or a script',
    )
    .version(ctx.version, '-V, --version', 'print the version')
  for (const f of Object.values(globalFlags)) {
    const option = program.createOption(f.flags, f.help)
    if ('choices' in f) option.choices(f.choices)
    program.addOption(option)
  }
  program
    // on a terminal, descriptions wrap even in a narrow column (commander keeps them on one line below 40)
    .configureHelp(ctx.io.stdoutIsTTY ? { minWidthToWrap: 20 } : {})
    // suggestions come from CliCommand (the one did-you-mean rule), not from commander's own
    .showSuggestionAfterError(false)
    .showHelpAfterError(jsonUsage ? false : '(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
      // help is wrapped to the terminal it is shown on (a narrow one too); piped, at COLUMNS or 80
      getOutHelpWidth: () => helpWidth(ctx.io.stdoutIsTTY ? ctx.io.columns() : undefined, ctx.env),
      getErrHelpWidth: () => helpWidth(ctx.io.stderrIsTTY ? ctx.io.columns() : undefined, ctx.env),
      outputError: (s, write) => {
        if (jsonUsage) usageErrors.push(s.replace(/^error: /, '').trimEnd())
        else write(red && ctx.io.colorStderr() ? s.replace(/^error:/, red('error:')) : s)
      },
    })
    .addHelpText(
      'after',
      `
Examples:
  agentry --emulator chat demo-assistant        chat with a demo agent, no account needed
  agentry agents list --json                    every agent of the account as JSON
  echo "hi" | agentry chat ag_123 --output ndjson
  agentry scenario run sc_1 --input-file in.txt
  agentry cms query posts --where 'status = "published" and views > 100' --all

Exit codes: ${exitCodeSummary(104, '            ')}.`,
    )
  program.exitOverride()
  program.hook('preAction', (_this, action) =>
    startRun(
      ctx,
      action.optsWithGlobals(),
      commandPath(action),
      action.options.map((o) => o.long ?? ''),
    ),
  )

  const word = commandWord(argv)
  const target = groups.find((g) => g.name === word || g.aliases?.includes(word ?? ''))
  if (target) {
    // The other groups are not registered: nothing of theirs is shown or parsed when a group runs (its help and
    // its suggestions are its own), and 27 commands less to build is ~1 ms of every run (bench/startup).
    registerCommand(program, ctx, (await target.load()).default)
    inheritSettings(program)
    return program
  }
  for (const g of groups) {
    program
      .command(g.name, { hidden: g.hidden ?? false })
      .aliases(g.aliases ?? [])
      .description(g.summary)
      .helpOption(false)
      .allowUnknownOption()
  }
  inheritSettings(program)
  return program
}

/** Parses argv with commander and runs the command it names (help, version and usage errors are commander's). */
export async function parseAndRun(ctx: Context, argv: string[], usageErrors: string[]): Promise<void> {
  const program = await buildProgram(ctx, argv, usageErrors)
  await program.parseAsync(reportUnknownCommandBeforeHelp(program, normalizeArgv(argv, program)), { from: 'user' })
}

/** The width help is wrapped at: the terminal's, else COLUMNS, else 80; never under 40 (commander needs room). */
function helpWidth(terminal: number | undefined, env: NodeJS.ProcessEnv): number {
  return Math.max(40, terminal || envColumns(env) || 80)
}

/** Gives every subcommand (added with addCommand) the program's settings: thrown errors, output, suggestions. */
function inheritSettings(cmd: Command): void {
  for (const c of cmd.commands) {
    c.copyInheritedSettings(cmd)
    inheritSettings(c)
  }
}
