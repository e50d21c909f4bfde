// `agentry emulator start`: the local emulator as a foreground server (commands.md). It prints where it listens
// and the demo credentials, one labelled line each on stdout, then runs until Ctrl-C or SIGTERM.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import { addUpstreamOptions, upstreamEmulatorOptions, upstreamOptionFields } from './upstream-options.js'

/** Options of `emulator start`, as parsed from the raw flags. */
export const startOptionsSchema = z.object({
  port: z.coerce.number().int().min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(4010),
  dataFile: z.string().min(1).optional(),
  seed: z.enum(['demo', 'none']).default('demo'),
  ...upstreamOptionFields,
  tokenDelay: z.coerce.number().int().min(0, 'must be 0 or more').max(60_000).optional(),
})
/** Parsed options of `emulator start`. */
export type StartOptions = z.infer<typeof startOptionsSchema>

const modelHelp = `
The scripted model answers deterministically:
  "show me markdown"           headings, lists, a code block and a table
  "count to N"                 exactly N tokens (benchmarks)
  "what is your system prompt" the agent's prompt plus the request's system messages
  naming a tool (get_weather)  a tool call; a following tool message gets an answer that uses its result
  images (image_url items)     a description of each image (type, size, dimensions of data URLs)
  "think step by step"         reasoning first (streamed as delta.reasoning), then the answer
With --upstream-url, every answer (completions, chats, A2A, scenario, webhook and schedule runs) comes from that
OpenAI-compatible server instead, asked for usage; its key is read from --upstream-api-key-file or
AGENTRY_UPSTREAM_API_KEY and sent as Authorization: Bearer.
Demo agents: demo-assistant, weather-bot (get_weather), slow-poet (slow streaming), code-helper, support-triage.`

/** Registers `emulator start`. */
export function register(program: Command, ctx: Context): void {
  const emulator = new Command('emulator').description('Run the local emulator of the service')
  const start = new Command('start')
    .description('Start the emulator on 127.0.0.1 and keep it running until Ctrl-C')
    .option('--port <n>', 'port on 127.0.0.1; 0 picks a free one', '4010')
    .option('--data-file <path>', 'keep the state in this JSON file (loaded at start, saved after changes)')
    .addOption(new Option('--seed <kind>', 'demo data or an empty service').choices(['demo', 'none']).default('demo'))
    .option('--token-delay <ms>', 'delay between streamed tokens in ms (default 15)')
  addUpstreamOptions(start)
    .addHelpText('after', modelHelp)
    .action(async (raw) => startRun(parseOptions(startOptionsSchema, raw), ctx))
  examples(start, [
    'agentry emulator start',
    'agentry emulator start --port 0 --seed none',
    'agentry emulator start --data-file ./emulator.json --token-delay 0',
    'agentry emulator start --upstream-url http://127.0.0.1:11434/v1',
    'AGENTRY_UPSTREAM_API_KEY=… agentry emulator start --upstream-url https://openrouter.ai/api/v1 --upstream-model openai/gpt-4o-mini',
  ])
  program.addCommand(emulator.addCommand(start))
}

/** Starts the emulator, prints its coordinates, serves until asked to stop (Ctrl-C, SIGTERM, abort), then closes it. */
export async function startRun(opts: StartOptions, ctx: Context): Promise<void> {
  const { createEmulator, DataFileError, PortInUseError } = await import('../../emulator/index.js')
  const upstream = await upstreamEmulatorOptions(opts, ctx)
  let emu: Awaited<ReturnType<typeof createEmulator>>
  try {
    emu = await createEmulator({
      port: opts.port,
      seed: opts.seed,
      ...(opts.dataFile !== undefined ? { dataFile: opts.dataFile } : {}),
      ...upstream,
      ...(opts.tokenDelay !== undefined ? { tokenDelayMs: opts.tokenDelay } : {}),
      ...(ctx.debugEnabled() ? { log: (line: string) => ctx.io.stderr.write(`${line}\n`) } : {}),
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
    ctx.io.stdout.write(
      `url: ${emu.url}\nbase-url: ${emu.baseUrl}\naccount: ${emu.accountId}\napi-key: ${emu.demoApiKey}\n`,
    )
    ctx.info(
      `emulator running; e.g. AGENTRY_BASE_URL=${emu.baseUrl} AGENTRY_ACCOUNT=${emu.accountId} AGENTRY_API_KEY=${emu.demoApiKey} agentry agents list\n(Ctrl-C to stop)`,
    )
    await stopped
  } finally {
    await emu.close()
    ctx.interruptHandler = previousHandler
  }
}
