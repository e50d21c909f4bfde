// buildProgram(ctx) and run(argv, ctx) → exit code. Never calls process.exit (bin/agentry.js sets the code).
import { type Command, CommanderError, Option } from 'commander'
import { CliCommand, reportUnknownCommandBeforeHelp } from './commands/cli-command.js'
// every command is declared with defineCommand and checks --profile before it runs: loaded with the CLI itself
import { checkProfileExists } from './commands/config/profile-exists.js'
import { registerCommand } from './commands/define.js'
import { groups } from './commands/manifest.js'
import { Context, type ContextInit, type EmulatorInputs, type GlobalOptions } from './context.js'
import { DeclinedError, ExitCode, UsageError, exitCodeSummary, formatError } from './errors.js'
import { envColumns, OutputClosedError, systemIO } from './io/iostreams.js'
import { parseWholeNumber } from './io/whole-number.js'

declare const __AGENTRY_VERSION__: string
/** The package version (injected by the build; "dev" when run from source). */
const version = typeof __AGENTRY_VERSION__ === 'string' ? __AGENTRY_VERSION__ : 'dev'

/** Global options that take a value (used to find the command word in argv without parsing it). */
const valueOptions = new Set([
  '--profile',
  '--base-url',
  '--account',
  '-o',
  '--output',
  '--timeout',
  '--retries',
  '--error-format',
  '--api-key-file',
  '--jq',
])

/** The first operand of argv: the top-level command (`help x` → x). */
function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--') return argv[i + 1]
    if (a.startsWith('-')) {
      if (valueOptions.has(a)) i++
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
      if (valueOptions.has(a)) i++
      continue
    }
    return i
  }
  return undefined
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
    .option('--profile <name>', 'saved profile to use (env AGENTRY_PROFILE)')
    .option('--base-url <url>', 'service base URL, e.g. https://host/api/v1beta (env AGENTRY_BASE_URL)')
    .option('--account <id>', 'account id (env AGENTRY_ACCOUNT)')
    .option('--api-key-file <path>', 'read the API key from this file (or env AGENTRY_API_KEY; never a flag value)')
    .option('--json', 'output JSON (same as -o json)')
    .option('-o, --output <format>', 'output format: table, json, ndjson, yaml, tsv (chat: text, json, ndjson)')
    .option('--jq <expression>', "filter the JSON output with jq; strings print raw (e.g. --jq '.[].id')")
    .option('--timeout <seconds>', 'total request timeout in seconds, 0.1 to 86400, default 300 (env AGENTRY_TIMEOUT)')
    .option('--retries <n>', 'retries for idempotent requests, 0 to 10, default 2 (env AGENTRY_RETRIES)')
    .option('--debug', 'trace HTTP on stderr, secrets redacted (env AGENTRY_DEBUG)')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .addOption(new Option('--error-format <format>', 'errors on stderr as text or json').choices(['text', 'json']))
    .option('-q, --quiet', 'no notes or progress on stderr')
    .option('--emulator', 'start an in-process emulator with demo data and use it (no account needed)')
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
  // The run's inputs are fixed here, once, before any command code runs: no command changes them afterwards.
  program.hook('preAction', async (_this, action) => {
    const globals: GlobalOptions = action.optsWithGlobals()
    if (globals.color === false) ctx.io.disableColor()
    const emulator = globals.emulator ? await startEmbeddedEmulator(ctx) : undefined
    await ctx.resolve({ globals, emulator })
    await checkProfileExists(ctx, action)
    if (globals.jq !== undefined) await checkJqOption(globals)
  })

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

/** --jq: with a JSON output format only, and an expression jq compiles (jq loads only then), before anything runs. */
async function checkJqOption(globals: GlobalOptions): Promise<void> {
  if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson')
    throw new UsageError(`--jq filters JSON: it cannot be used with --output ${globals.output}`, 'drop -o, or --jq')
  await (await import('./io/jq.js')).checkJq(globals.jq ?? '')
}

/** Red for error lines on stderr when it has colour (the palette, and chalk, load only then); else undefined. */
async function stderrRed(ctx: Context): Promise<((s: string) => string) | undefined> {
  return ctx.io.colorStderr() ? (await import('./io/palette.js')).palette(true).red : undefined
}

/** The width help is wrapped at: the terminal's, else COLUMNS, else 80; never under 40 (commander needs room). */
function helpWidth(terminal: number | undefined, env: NodeJS.ProcessEnv): number {
  return Math.max(40, terminal || envColumns(env) || 80)
}

/** Starts an in-process emulator seeded with demo data (`--emulator`): its base URL, account and key are inputs of the run. */
async function startEmbeddedEmulator(ctx: Context): Promise<EmulatorInputs> {
  const { createEmulator } = await import('./emulator/index.js')
  const emu = await createEmulator({ port: 0, seed: 'demo' })
  ctx.redactor.add(emu.demoApiKey)
  ctx.defer(() => emu.close())
  return { baseUrl: emu.baseUrl, account: emu.accountId, apiKey: emu.demoApiKey }
}

/** Runs one command line; resolves to the exit code. Never throws, never exits. */
export async function run(argv: string[], ctx: Context): Promise<number> {
  const usageErrors: string[] = []
  try {
    const program = await buildProgram(ctx, argv, usageErrors)
    argv = reportUnknownCommandBeforeHelp(program, normalizeArgv(argv, program))
    await program.parseAsync(argv, { from: 'user' })
    if (ctx.globals.jq !== undefined && !ctx.jqApplied) ctx.warn('--jq was not applied: this command printed no JSON')
    return ExitCode.ok
  } catch (err) {
    // the reader of stdout left (`| head`): what follows from that (a refused write, a cancelled request) is no
    // failure to report — the run ends quietly with 0 (docs/exit-codes.md)
    if (err instanceof OutputClosedError || ctx.abort.signal.reason instanceof OutputClosedError) return ExitCode.ok
    if (err instanceof DeclinedError) {
      ctx.info(err.message)
      return ExitCode.ok
    }
    if (err instanceof CommanderError) {
      if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(err.code)) return ExitCode.ok
      if (err.code === 'commander.executeSubCommandAsync') return ExitCode.error
      if (usageErrors.length) {
        // commander's "(Did you mean …?)" line (CliCommand) is the hint of the JSON error
        const lines = usageErrors.join('\n').split('\n')
        const guess = lines.filter((l) => /^\(Did you mean .*\)$/.test(l)).map((l) => l.slice(1, -1))
        const message = lines.filter((l) => !/^\(Did you mean .*\)$/.test(l)).join('; ')
        const error = new UsageError(message, [...guess, 'run with --help for usage'].join('; '))
        ctx.io.stderr.write(formatError(error, { format: 'json', debug: false, color: (s) => s }).text)
      }
      return ExitCode.usage
    }
    const { text, exitCode } = formatError(err, {
      format: ctx.errorFormat(),
      debug: ctx.debugEnabled(),
      color: (await stderrRed(ctx)) ?? ((s) => s),
    })
    ctx.io.stderr.write(ctx.redactor.text(text))
    return exitCode
  } finally {
    await ctx.cleanup()
  }
}

/** Gives every subcommand (added with addCommand) the program's settings: thrown errors, output, suggestions. */
function inheritSettings(cmd: Command): void {
  for (const c of cmd.commands) {
    c.copyInheritedSettings(cmd)
    inheritSettings(c)
  }
}

/**
 * The process entry: real streams, SIGINT/SIGTERM and closed-pipe wiring, then run().
 * @public bin/agentry.js calls it through dist/cli.js, where the dead-export check (knip) cannot see it.
 */
export async function main(argv: string[], init: Partial<ContextInit> = {}): Promise<number> {
  const io = init.io ?? systemIO()
  const ctx = new Context({ io, env: process.env, version, ...init })
  const signalsOff = handleStopSignals(ctx)
  // `agentry … | head`: the reader left. Writes then fail with EPIPE; the run stops and ends quietly.
  const onStdoutError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' && !ctx.abort.signal.aborted) ctx.abort.abort(new OutputClosedError(e))
  }
  process.stdout.on('error', onStdoutError)
  for (const stream of [process.stdout, process.stderr])
    if (!stream.listeners('error').includes(ignoreWriteError)) stream.on('error', ignoreWriteError)
  try {
    return finalExitCode(ctx, await run(argv, ctx))
  } finally {
    signalsOff()
    process.stdout.off('error', onStdoutError)
  }
}

/** Kept for the process's life: an EPIPE event may come after the run (`cms --help | head -1`) or on stderr. */
function ignoreWriteError(): void {}

/** An aborted run that ended without an error: 130 after a stop request, 0 when stdout's reader left. */
function finalExitCode(ctx: Context, code: number): number {
  const { aborted, reason } = ctx.abort.signal
  if (!aborted || code !== ExitCode.ok) return code
  return reason instanceof OutputClosedError ? ExitCode.ok : ExitCode.cancelled
}

type StopSignal = 'SIGINT' | 'SIGTERM'
/**
 * How long a run may take to stop after SIGTERM before the signal's default action ends the process: 5 s, or
 * AGENTRY_TERM_GRACE_MS (0 to 60000), which only the tests of that end set (test/e2e/emulator-start.test.ts).
 */
function termGraceMs(env: NodeJS.ProcessEnv): number {
  const given = parseWholeNumber(env.AGENTRY_TERM_GRACE_MS ?? '', { min: 0, max: 60_000 })
  return typeof given === 'number' ? given : 5000
}

/**
 * SIGINT and SIGTERM ask the run to stop (docs/exit-codes.md): a command that set ctx.interruptHandler decides how
 * (chat cancels the answer; `emulator start` ends with 0), else the run is aborted (130). A signal once aborted, or
 * a run still going termGraceMs after SIGTERM, ends by the signal's default action. Returns the unhook function.
 */
function handleStopSignals(ctx: Context): () => void {
  const onSigint = () => onSignal('SIGINT')
  const onSigterm = () => onSignal('SIGTERM')
  const off = () => {
    process.off('SIGINT', onSigint)
    process.off('SIGTERM', onSigterm)
  }
  const force = (signal: StopSignal) => {
    off()
    // the default action skips Node's own terminal reset: leave no raw-mode terminal behind
    if (ctx.io.stdinIsTTY) ctx.io.stdin.setRawMode?.(false)
    process.kill(process.pid, signal)
  }
  const onSignal = (signal: StopSignal) => {
    if (ctx.abort.signal.aborted) {
      force(signal)
      return
    }
    // unref: a run that ends in time is not kept alive by the timer
    if (signal === 'SIGTERM') setTimeout(() => force(signal), termGraceMs(ctx.env)).unref()
    if (ctx.interruptHandler) ctx.interruptHandler()
    else ctx.abort.abort()
  }
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigterm)
  return off
}

/** The Context class, for the build's help renderer (scripts/build.mjs) and `__complete` (a context it never runs). */
export { Context }
/**
 * The command tree as completion's data, for `__complete` and the build's completion table (dist/complete.js).
 * @public scripts/build.mjs uses it through dist/cli.js
 */
export { commandTree } from './commands/completion/tree.js'
