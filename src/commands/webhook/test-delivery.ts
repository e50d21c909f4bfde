// `agentry webhook test <id>`: the dashboard's test delivery (service-interface 6; wire.md Webhooks): the service
// sends a sample (or the given) payload to the webhook and answers `{delivered, status, execution}`.
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { CliError, ExitCode, UsageError } from '../../errors.js'
import { readDataJson } from '../data-arg.js'
import { oneLine } from '../scenario/run.js'
import { examples, parseOptions } from '../shared.js'

/** Options of `webhook test`. */
export const testOptionsSchema = z.object({ data: z.string().optional() })

/** The `webhook test` command. */
export function webhookTestCommand(ctx: Context): Command {
  const cmd = new Command('test')
    .description('Send a test delivery to a webhook; exit 0 only when it was delivered and its run completed')
    .argument('<webhookId>', 'the webhook')
    .option('-d, --data <json>', 'payload (a JSON object): inline, @file, or - for stdin; default: a sample event')
    .action(async (webhookId: string, raw) => {
      const o = parseOptions(testOptionsSchema, raw)
      let payload: Record<string, unknown> | undefined
      if (o.data !== undefined) {
        const json = (await readDataJson(o.data, ctx.io)).json
        if (typeof json !== 'object' || json === null || Array.isArray(json))
          throw new UsageError('--data must be a JSON object', `e.g. --data '{"event":"test"}'`)
        payload = json as Record<string, unknown>
      }
      const result = await (await ctx.sdk()).webhooks.test(webhookId, payload)
      await ctx.output().item(result)
      if (!result.delivered)
        throw new CliError(`webhook ${webhookId}: test not delivered (status ${result.status ?? 'unknown'})`, {
          exitCode: ExitCode.conflict,
          hint: `an inactive webhook receives nothing: agentry webhook edit ${webhookId} --status active`,
        })
      const run = result.execution
      if (run && run.status !== 'completed')
        throw new CliError(`webhook ${webhookId}: run ${run.id} ${run.status}: ${oneLine(run.output)}`)
    })
  return examples(cmd, ['agentry webhook test whk_1', `agentry webhook test whk_1 --data '{"order":42}' --json`])
}
