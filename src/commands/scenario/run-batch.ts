// `agentry scenario run|trigger <id> --batch <file|->`: one run per input line (docs/commands.md "Batch runs"). The
// inputs are checked, and what a run needs (the secret and signature header of a signed run) found, before the
// first run; each run is sent once (never retried: a retry could run the scenario twice).
import { openBatch } from '../../batch/input.js'
import { runBatch } from '../../batch/run-batch.js'
import type { Context } from '../../context.js'
import type { BatchOptions } from '../batch-options.js'
import { oneLine } from '../../scenario/run.js'
import type { ScenarioSender } from './run-single.js'

/** Runs the scenario once per input of the batch, each sent by the sender `prepare` makes once the inputs are read. */
export async function scenarioBatch(
  scenarioId: string,
  b: BatchOptions,
  ctx: Context,
  prepare: () => Promise<ScenarioSender>,
) {
  const source = await openBatch('scenario', b.batch, ctx.io, b.shard)
  const send = await prepare()
  await runBatch(
    ctx,
    {
      kind: 'scenario',
      target: scenarioId,
      ...b,
      run: async (item) => {
        const execution = await send(item.payload)
        const ok = execution.status === 'completed'
        const error = ok ? null : `run ${execution.status}: ${oneLine(execution.output)}`
        return { runId: execution.id, status: ok ? 'completed' : 'failed', output: execution.output ?? null, error }
      },
    },
    source,
  )
}
