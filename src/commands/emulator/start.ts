// `agentry emulator start`: the local emulator as a foreground server (commands.md). It prints where it listens,
// the demo key, the hook token and the demo secrets, one labelled line each on stdout, then runs until Ctrl-C or
// SIGTERM.
import { UsageError } from '../../errors.js'
import { parseWholeNumber } from '../../text/whole-number.js'
import { defineCommand } from '../define.js'
import { choice, custom, flag, int, port, text } from '../options.js'
import { hooksHelp, modelHelp } from './help.js'
import { startRun } from './start-run.js'
import { upstreamOptions } from './upstream-options.js'

/** `--latency <ms[:jitter]>`: a delay and an optional jitter, each 0 to 999999 ms. */
function latency(value: string, flag: string): { ms: number; jitterMs: number } {
  const [ms, jitter, ...rest] = value.split(':').map((part) => parseWholeNumber(part, { min: 0, max: 999_999 }))
  if (typeof ms !== 'number' || !(jitter === undefined || typeof jitter === 'number') || rest.length > 0)
    throw new UsageError(`${flag}: must be <ms> or <ms>:<jitter-ms>, e.g. 200 or 200:50`)
  return { ms, jitterMs: jitter ?? 0 }
}

export default defineCommand({
  path: ['emulator', 'start'],
  summary: 'Start the emulator on 127.0.0.1 and keep it running until Ctrl-C',
  options: {
    port: port('--port <n>', 'port on 127.0.0.1, default 4010', { default: 4010 }),
    dataFile: text('--data-file <path>', 'keep the state in this JSON file (loaded at start, saved after changes)', {
      nonEmpty: true,
    }),
    seed: choice('--seed <kind>', 'demo data or an empty service (default demo)', ['demo', 'none']),
    tokenDelay: int('--token-delay <ms>', 'delay between streamed tokens in ms, 0 to 60000 (default 15)', {
      min: 0,
      max: 60_000,
    }),
    latency: custom(
      '--latency <ms[:jitter]>',
      'delay every API answer by ms plus up to jitter ms (not the test hooks)',
      latency,
    ),
    logRequests: flag('--log-requests', 'one line per request on stderr: method, path, status, milliseconds'),
    ...upstreamOptions,
  },
  examples: [
    'agentry emulator start',
    'agentry emulator start --port 0 --seed none',
    'agentry emulator start --data-file ./emulator.json --token-delay 0',
    'agentry emulator start --upstream-url http://127.0.0.1:11434/v1',
    'agentry emulator start --latency 200:50 --log-requests',
    'AGENTRY_UPSTREAM_API_KEY=… agentry emulator start --upstream-url https://openrouter.ai/api/v1 --upstream-model openai/gpt-4o-mini',
  ],
  helpAfter: modelHelp + hooksHelp(),
  run: (opts, ctx) => startRun({ ...opts, seed: opts.seed ?? 'demo' }, ctx),
})
