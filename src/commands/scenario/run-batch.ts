// `agentry scenario run <id> --batch <file|->`: one signed run per input line (docs/commands.md "Batch runs"). The
// inputs are checked, and the secret and signature header found, before the first run; each run is the same signed
// POST as a single `scenario run`, sent once (never retried: a retry could run the scenario twice).
import { openBatch } from '../../batch/input.js'
import { runBatch } from '../../batch/run-batch.js'
import type { Context } from '../../context.js'
import type { BatchOptions } from '../batch-options.js'
import { oneLine } from '../../scenario/run.js'
import type { RunOptions } from './run-single.js'
import { runSigning } from '../../scenario/signing.js'

/** Runs the scenario once per input of the batch. */
export async function scenarioRunBatch(scenarioId: string, opts: RunOptions, b: BatchOptions, ctx: Context) {
  const source = await openBatch('scenario', b.batch, ctx.io, b.shard)
  const { secret, header } = await runSigning(ctx, scenarioId, opts)
  const sdk = await ctx.sdk()
  const signing = { secret: secret.value, signatureHeader: header.name }
  await runBatch(
    ctx,
    {
      kind: 'scenario',
      target: scenarioId,
      ...b,
      run: async (item) => {
        const execution = await sdk.scenarios.execute(scenarioId, item.payload, signing)
        const ok = execution.status === 'completed'
        const error = ok ? null : `run ${execution.status}: ${oneLine(execution.output)}`
        return { runId: execution.id, status: ok ? 'completed' : 'failed', output: execution.output ?? null, error }
      },
    },
    source,
  )
}
