// What happens between reading the command line and running the command, the same whether commander parsed it
// (the preAction hook of src/program.ts) or src/direct-run.ts did: the run's inputs are fixed here, once, before any
// command code runs, and no command changes them afterwards.
import { checkProfileExists } from './config/profile-exists.js'
import type { GlobalOptions } from './config/global-flags.js'
import type { Context, EmulatorInputs } from './context.js'
import { UsageError } from './errors.js'
import { chatFormats } from './chat/format.js'
import { outputFormats } from './io/output.js'

/**
 * Fixes the run's inputs (`--no-color`, `--emulator`, the settings) and checks what must hold before the command
 * `path` (`agents list`) runs: -o names an output format where the command also has --out, the named profile exists,
 * a --jq expression compiles. `longFlags` are the command's own long flags (`--out`, `--limit`).
 */
export async function startRun(
  ctx: Context,
  globals: GlobalOptions,
  path: string,
  longFlags: readonly string[],
): Promise<void> {
  checkOutputNotOut(globals, longFlags)
  if (globals.color === false) ctx.io.disableColor()
  const emulator = globals.emulator ? await startEmbeddedEmulator(ctx) : undefined
  await ctx.resolve({ globals, emulator })
  await checkProfileExists(ctx, path)
  if (globals.jq !== undefined) await checkJqOption(globals, ctx.abort.signal)
}

/** Every format -o names: the lists' and the chat's. */
const knownFormats: readonly string[] = [...new Set<string>([...outputFormats, ...chatFormats])]

/**
 * `-o file` where `--out file` was meant (`files download x -o f`, `cms export posts -o f`): a usage error before the
 * run, not a format a command that writes to stdout would never read.
 */
function checkOutputNotOut(globals: GlobalOptions, longFlags: readonly string[]): void {
  const value = globals.output
  if (value === undefined || knownFormats.includes(value) || !longFlags.includes('--out')) return
  throw new UsageError(
    `-o, --output ${value}: not an output format (${knownFormats.join(', ')}); did you mean --out?`,
    `-o is the output format; the file to write is --out ${value}`,
  )
}

/** --jq: with a JSON output format only, and an expression jq compiles (jq loads only then), before anything runs. */
async function checkJqOption(globals: GlobalOptions, signal: AbortSignal): Promise<void> {
  if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson')
    throw new UsageError(`--jq filters JSON: it cannot be used with --output ${globals.output}`, 'drop -o, or --jq')
  await (await import('./io/jq.js')).checkJq(globals.jq ?? '', signal)
}

/** Starts an in-process emulator seeded with demo data (`--emulator`): its base URL, account and key are inputs of the run. */
async function startEmbeddedEmulator(ctx: Context): Promise<EmulatorInputs> {
  const { createEmulator } = await import('./emulator/index.js')
  const emu = await createEmulator({ port: 0, seed: 'demo' })
  ctx.redactor.add(emu.demoApiKey)
  ctx.defer(() => emu.close())
  return { baseUrl: emu.baseUrl, account: emu.accountId, apiKey: emu.demoApiKey }
}

/** Red for error lines on stderr when it has colour (the palette, and chalk, load only then); else undefined. */
export async function stderrRed(ctx: Context): Promise<((s: string) => string) | undefined> {
  return ctx.io.colorStderr() ? (await import('./io/palette.js')).palette(true).red : undefined
}
