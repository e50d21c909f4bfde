// The run of `agentry emulator start`: starts the emulator, prints its coordinates (one labelled line each on
// stdout), serves until Ctrl-C or SIGTERM, then closes it.
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { secretLines } from './help.js'
import { upstreamEmulatorOptions } from './upstream-options.js'

/** Parsed options of `emulator start`. */
interface StartOptions {
  port: number
  dataFile: string | undefined
  seed: 'demo' | 'none'
  upstreamUrl: string | undefined
  upstreamApiKeyFile: string | undefined
  upstreamModel: string | undefined
  tokenDelay: number | undefined
  latency: { ms: number; jitterMs: number } | undefined
  logRequests: boolean
}

/** Starts the emulator, prints its coordinates, serves until asked to stop (Ctrl-C, SIGTERM, abort), then closes it. */
export async function startRun(opts: StartOptions, ctx: Context): Promise<void> {
  const { createEmulator, DataFileError, PortInUseError, publishedDemoSecrets } = await import(
    '../../emulator/index.js'
  )
  const log = (line: string) => ctx.io.stderr.write(`${line}\n`)
  const upstream = await upstreamEmulatorOptions(opts, ctx)
  let emu: Awaited<ReturnType<typeof createEmulator>>
  try {
    emu = await createEmulator({
      port: opts.port,
      seed: opts.seed,
      ...(opts.dataFile !== undefined ? { dataFile: opts.dataFile } : {}),
      ...upstream,
      ...(opts.tokenDelay !== undefined ? { tokenDelayMs: opts.tokenDelay } : {}),
      ...(opts.latency !== undefined ? { latency: opts.latency } : {}),
      // save failures and internal errors always reach stderr; request lines with --log-requests (or --debug)
      log,
      logRequests: opts.logRequests || ctx.debugEnabled(),
    })
  } catch (e) {
    if (e instanceof PortInUseError) {
      throw new CliError(e.message, {
        exitCode: ExitCode.error,
        hint: 'pass another --port, or --port 0 for any free one',
      })
    }
    if (e instanceof DataFileError) throw new CliError(e.message, { exitCode: ExitCode.error })
    throw e
  }
  // A server's normal end is being asked to stop (Ctrl-C, SIGTERM): the run then ends with 0
  const stop = ctx.stopRequest()
  try {
    const secrets = publishedDemoSecrets(emu.state)
    ctx.io.stdout.write(
      `url: ${emu.url}\nbase-url: ${emu.baseUrl}\naccount: ${emu.accountId}\napi-key: ${emu.demoApiKey}\n` +
        `hook-token: ${emu.hookToken}\n${secretLines(secrets)}`,
    )
    const env = `AGENTRY_BASE_URL=${emu.baseUrl} AGENTRY_ACCOUNT=${emu.accountId} AGENTRY_API_KEY=${emu.demoApiKey}`
    const scenario = secrets.find((s) => s.kind === 'scenario')
    const run = scenario
      ? `\nor ${env} AGENTRY_SCENARIO_SECRET=${scenario.secret} agentry scenario run ${scenario.id} --input hi`
      : ''
    ctx.info(`emulator running; e.g. ${env} agentry agents list${run}\n(Ctrl-C to stop)`)
    await stop.requested
  } finally {
    await emu.close()
    stop.release()
  }
}
