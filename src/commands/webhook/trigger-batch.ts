// `agentry webhook trigger <id> --batch <file|->`: one trigger per JSON object line, each body sent as its exact
// bytes with the webhook's secret (service-interface 4.5; docs/commands.md "Batch runs"). Never retried.
import { openBatch } from '../../batch/input.js'
import { runBatch } from '../../batch/run-batch.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { BatchOptions } from '../batch-options.js'
import { type TriggerOptions, triggerTarget } from '../../webhook-trigger/target.js'

/** Triggers the webhook once per input of the batch. */
export async function webhookTriggerBatch(
  webhookId: string | undefined,
  opts: TriggerOptions,
  b: BatchOptions,
  ctx: Context,
): Promise<void> {
  if (webhookId === undefined && opts.url === undefined)
    throw new UsageError('which webhook?', 'give its id (agentry webhook trigger whk_1 --batch …) or --url <url>')
  const source = await openBatch('webhook', b.batch, ctx.io, b.shard)
  const { target, secret } = await triggerTarget(webhookId, opts, ctx)
  const sdk = await ctx.sdk()
  await runBatch(
    ctx,
    {
      kind: 'webhook',
      target: webhookId ?? opts.url ?? '',
      ...b,
      run: async (item) => {
        const answer = await sdk.webhooks.trigger(target, Buffer.from(item.payload, 'utf8'), secret.value)
        const error = answer.received ? null : 'the service did not receive the trigger (received: false)'
        return {
          runId: answer.executionId ?? null,
          status: answer.received ? 'received' : 'failed',
          output: null,
          error,
        }
      },
    },
    source,
  )
}
