// What happens between reading the command line and running the command, the same whether commander parsed it
// (the preAction hook of src/program.ts) or src/direct-run.ts did: the run's inputs are fixed here, once, before any
// command code runs, and no command changes them afterwards.
import { checkProfileExists } from './config/profile-exists.js'
import type { GlobalOptions } from './config/global-flags.js'
import type { Context, EmulatorInputs } from './context.js'
import { UsageError } from './errors.js'

/**
 * Fixes the run's inputs (`--no-color`, `--emulator`, the settings) and checks what must hold before the command
 * `path` (`agents list`) runs: the named profile exists, a --jq expression compiles.
 */
export async function startRun(ctx: Context, globals: GlobalOptions, path: string): Promise<void> {
  if (globals.color === false) ctx.io.disableColor()
  const emulator = globals.emulator ? await startEmbeddedEmulator(ctx) : undefined
  await ctx.resolve({ globals, emulator })
  await checkProfileExists(ctx, path)
  if (globals.jq !== undefined) await checkJqOption(globals, ctx.abort.signal)
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
