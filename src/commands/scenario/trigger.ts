// `agentry scenario trigger <id>`: runs a scenario with the caller's credential (the SDK's scenarios.trigger(id,
// {input})), no signing secret: what a dashboard user without the secret can do. Input, output, --json and --batch
// as `scenario run` (run-single.ts, run-batch.ts). Never retried (a retry could run the scenario twice).
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { batchFlags, checkBatch } from '../batch-options.js'
import { readDataJson } from '../data-arg.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, text } from '../options.js'
import { readRunInput } from './input.js'
import { runOnce } from './run-single.js'

export default defineCommand({
  path: ['scenario', 'trigger'],
  summary: 'Run a scenario with your login or API key (no signing secret); exit 0 only when it completed',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  options: {
    input: { ...text('--input <text>', 'the input text'), conflicts: ['inputFile', 'data'] },
    inputFile: {
      ...custom(
        '--input-file <path>',
        'read the input from a file (- for stdin); default: piped stdin',
        nonEmpty('give a path, or - for stdin'),
      ),
      conflicts: ['data'],
    },
    data: text('-d, --data <json>', 'the input as a JSON value (an object, say): inline, @file, or - for stdin'),
    ...batchFlags('run'),
  },
  examples: [
    'agentry scenario trigger scn_1 --input "Summarize this"',
    `agentry scenario trigger scn_1 --data '{"ticket":42,"priority":"high"}' --json`,
    'git log -1 --format=%B | agentry scenario trigger scn_1',
    'agentry scenario trigger scn_1 --batch tickets.ndjson --results out.ndjson --concurrency 16',
  ],
  helpAfter: `
Run or trigger? \`scenario trigger\` uses your credential (agentry login, or an API key whose scopes name the
scenario): no secret needed. \`scenario run\` signs with the scenario's secret instead, as an external system
without an API credential does. Output, --json and --batch (the lines and results of \`scenario run --help\`)
are the same. Never retried (a retry could run the scenario twice).
Exit codes: 0 completed, 1 failed (the reason on stderr), 2 usage, 3 no such scenario, 4 credential refused,
5 scenario disabled.`,
  run: async ({ scenarioId, ...opts }, ctx) => {
    const batch = checkBatch(opts, {
      '--input': opts.input !== undefined,
      '--input-file': opts.inputFile !== undefined,
      '--data': opts.data !== undefined,
    })
    const sdk = await ctx.sdk()
    const send = (input: unknown) => sdk.scenarios.trigger(scenarioId, { input })
    if (batch) {
      const { scenarioBatch } = await import('./run-batch.js')
      return scenarioBatch(scenarioId, batch, ctx, async () => send)
    }
    const input =
      opts.data === undefined ? await readRunInput(opts, ctx.io, ctx.bodyLimit()) : await dataInput(opts.data, ctx)
    await runOnce(ctx, scenarioId, input, send)
  },
})

/** The input a --data value gives: any JSON value (null is refused: it says nothing). */
async function dataInput(value: string, ctx: Context): Promise<unknown> {
  const { json } = await readDataJson(value, ctx.io, ctx.bodyLimit())
  if (json === null) throw new UsageError('--data: null is no input', `e.g. --data '{"ticket":42}'`)
  return json
}
