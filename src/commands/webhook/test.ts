// `agentry webhook test <id>`: the dashboard's test delivery (service-interface 6; wire.md Webhooks): the service
// sends a sample (or the given) payload to the webhook and answers `{delivered, status, execution}`.
import { CliError, ExitCode, UsageError } from '../../errors.js'
import { readDataJson } from '../data-arg.js'
import { arg, defineCommand } from '../define.js'
import { text } from '../options.js'
import { oneLine } from '../../scenario/run.js'
import { printRun } from '../print-run.js'

export default defineCommand({
  path: ['webhook', 'test'],
  summary: 'Send a test delivery to a webhook; exit 0 only when it was delivered and its run completed',
  args: { webhookId: arg('<webhookId>', 'the webhook') },
  options: {
    data: text('-d, --data <json>', 'payload (a JSON object): inline, @file, or - for stdin; default: a sample event'),
  },
  examples: ['agentry webhook test whk_1', `agentry webhook test whk_1 --data '{"order":42}' --json`],
  run: async ({ webhookId, data }, ctx) => {
    let payload: Record<string, unknown> | undefined
    if (data !== undefined) {
      const json = (await readDataJson(data, ctx.io, ctx.bodyLimit())).json
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        throw new UsageError('--data must be a JSON object', `e.g. --data '{"event":"test"}'`)
      payload = json as Record<string, unknown>
    }
    const result = await (await ctx.sdk()).webhooks.test(webhookId, payload)
    await printRun(ctx, result, result.execution)
    if (!result.delivered)
      throw new CliError(`webhook ${webhookId}: test not delivered (status ${result.status ?? 'unknown'})`, {
        exitCode: ExitCode.conflict,
        hint: `an inactive webhook receives nothing: agentry webhook edit ${webhookId} --status active`,
      })
    const run = result.execution
    if (run && run.status !== 'completed')
      throw new CliError(`webhook ${webhookId}: run ${run.id} ${run.status}: ${oneLine(run.output)}`)
  },
})
