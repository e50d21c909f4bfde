// `agentry emulator start`: the local emulator as a foreground server (commands.md). It prints where it listens,
// the demo key, the hook token and the demo secrets, one labelled line each on stdout, then runs until Ctrl-C or
// SIGTERM.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import { hooksHelp, modelHelp, secretLines } from './help.js'
import { addUpstreamOptions, upstreamEmulatorOptions, upstreamOptionFields } from './upstream-options.js'

/** Options of `emulator start`, as parsed from the raw flags. */
export const startOptionsSchema = z.object({
  port: z.coerce.number().int().min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(4010),
  dataFile: z.string().min(1).optional(),
  seed: z.enum(['demo', 'none']).default('demo'),
  ...upstreamOptionFields,
  tokenDelay: z.coerce.number().int().min(0, 'must be 0 or more').max(60_000).optional(),
  latency: z
    .string()
    .regex(/^\d{1,6}(:\d{1,6})?$/, 'must be <ms> or <ms>:<jitter-ms>, e.g. 200 or 200:50')
    .transform((v) => {
      const [ms, jitter] = v.split(':')
      return { ms: Number(ms), jitterMs: Number(jitter ?? 0) }
    })
    .optional(),
  logRequests: z.boolean().optional(),
})
/** Parsed options of `emulator start`. */
export type StartOptions = z.infer<typeof startOptionsSchema>

/** Registers `emulator start`. */
export function register(program: Command, ctx: Context): void {
  const emulator = new Command('emulator').description('Run the local emulator of the service')
  const start = new Command('start')
    .description('Start the emulator on 127.0.0.1 and keep it running until Ctrl-C')
    .option('--port <n>', 'port on 127.0.0.1; 0 picks a free one', '4010')
    .option('--data-file <path>', 'keep the state in this JSON file (loaded at start, saved after changes)')
    .addOption(new Option('--seed <kind>', 'demo data or an empty service').choices(['demo', 'none']).default('demo'))
    .option('--token-delay <ms>', 'delay between streamed tokens in ms (default 15)')
    .option('--latency <ms[:jitter]>', 'delay every API answer by ms plus up to jitter ms (not the test hooks)')
    .option('--log-requests', 'one line per request on stderr: method, path, status, milliseconds')
  addUpstreamOptions(start)
    .addHelpText('after', () => modelHelp + hooksHelp())
    .action(async (raw) => startRun(parseOptions(startOptionsSchema, raw), ctx))
  examples(start, [
    'agentry emulator start',
    'agentry emulator start --port 0 --seed none',
    'agentry emulator start --data-file ./emulator.json --token-delay 0',
    'agentry emulator start --upstream-url http://127.0.0.1:11434/v1',
    'agentry emulator start --latency 200:50 --log-requests',
    'AGENTRY_UPSTREAM_API_KEY=… agentry emulator start --upstream-url https://openrouter.ai/api/v1 --upstream-model openai/gpt-4o-mini',
  ])
  program.addCommand(emulator.addCommand(start))
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
      logRequests: opts.logRequests === true || ctx.debugEnabled(),
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
  // A server's normal end is being asked to stop: Ctrl-C and SIGTERM come here (main() routes both to the
  // interrupt handler) and the run ends with 0. A second request while closing aborts the run, so a third one
  // ends the process at once. An aborted run (an in-process caller) stops it too.
  let stopRequested = false
  const previousHandler = ctx.interruptHandler
  const stopped = new Promise<void>((resolve) => {
    ctx.interruptHandler = () => {
      if (stopRequested) ctx.abort.abort()
      stopRequested = true
      resolve()
    }
    const signal = ctx.abort.signal
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
  })
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
    await stopped
  } finally {
    await emu.close()
    ctx.interruptHandler = previousHandler
  }
}
