// run(argv, ctx) → exit code, and main(argv) for bin/agentry.cjs. Never calls process.exit (bin/agentry.cjs sets the
// code). A plain command line runs straight from the declarations (src/direct-run.ts); anything else, and help, goes
// to commander (src/program.ts), which then loads.
import type { Command } from 'commander'
import { Context, type ContextInit } from './context.js'
import { directLine, runDirect } from './direct-run.js'
import { DeclinedError, ExitCode, UsageError, formatError } from './errors.js'
import { OutputClosedError, systemIO } from './io/iostreams.js'
import { stderrRed } from './run-start.js'
import { parseWholeNumber } from './text/whole-number.js'

declare const __AGENTRY_VERSION__: string
/** The package version (injected by the build; "dev" when run from source). */
const version = typeof __AGENTRY_VERSION__ === 'string' ? __AGENTRY_VERSION__ : 'dev'

/**
 * The commander program of a run: global options and every group, the one argv names loaded for real, the rest as
 * summaries (for the build's help text and completion table, `__complete`, and tests of help).
 */
export async function buildProgram(ctx: Context, argv: string[], usageErrors?: string[]): Promise<Command> {
  return (await import('./program.js')).buildProgram(ctx, argv, usageErrors)
}

/** Runs one command line; resolves to the exit code. Never throws, never exits. */
export async function run(argv: string[], ctx: Context): Promise<number> {
  const usageErrors: string[] = []
  try {
    const line = await directLine(argv)
    if (line) await runDirect(ctx, line)
    else await (await import('./program.js')).parseAndRun(ctx, argv, usageErrors)
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
    if (isCommanderError(err)) {
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

/**
 * The process entry: real streams, SIGINT/SIGTERM and closed-pipe wiring, then run().
 * @public bin/agentry.cjs calls it through dist/cli.js, where the dead-export check (knip) cannot see it.
 */
export async function main(argv: string[], init: Partial<ContextInit> = {}): Promise<number> {
  const io = init.io ?? systemIO()
  const ctx = new Context({ io, env: process.env, version, ...init })
  const signalsOff = handleStopSignals(ctx)
  // `agentry … | head`: the reader left. Writes then fail with EPIPE; the run stops and ends quietly.
  const onStdoutError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') ctx.outputClosed(new OutputClosedError(e))
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
 * SIGINT and SIGTERM ask the run to stop (docs/exit-codes.md): a command that took them (ctx.onInterrupt) decides how
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
    ctx.interrupt(signal)
  }
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigterm)
  return off
}

/** The Context class, for the build's help renderer (scripts/build.mjs) and `__complete` (a context it never runs). */
export { Context }
/**
 * The command tree as completion's data, for `__complete` and the build's completion table (dist/complete.cjs).
 * @public scripts/build.mjs uses it through dist/cli.js
 */
export { commandTree } from './commands/completion/tree.js'

/** An error commander threw (help shown, version printed, a usage error): told by its code, without loading it. */
function isCommanderError(err: unknown): err is Error & { code: string } {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined
  return typeof code === 'string' && code.startsWith('commander.')
}
