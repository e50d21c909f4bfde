// `agentry webhook list|get|create|edit|delete|test|trigger` (commands.md; service-interface 2.4, 4.5; wire.md
// Webhooks). Secrets are hidden in list/get/edit output unless --show-secret; create prints the new one.
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { confirmDestructive } from '../confirm.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { shownWebhook, shownWebhooks, webhookFields } from './fields.js'
import { webhookTestCommand } from './test-delivery.js'
import { webhookTriggerCommand } from './trigger.js'
import { webhookCreateCommand, webhookEditCommand } from './write.js'
import { printList } from '../list-notes.js'

const showSchema = z.object({ showSecret: z.boolean().default(false) })

/** Registers the webhook group (alias webhooks). */
export function register(program: Command, ctx: Context): void {
  const group = new Command('webhook').alias('webhooks').description('Manage webhooks, test them, trigger them')
  const list = withListOptions(new Command('list').alias('ls').description('List the webhooks of the account'))
    .option('--show-secret', 'print secrets instead of hiding them')
    .action(async (raw) => {
      const opts = parseOptions(listOptionsSchema.extend(showSchema.shape), raw)
      const items = (await ctx.sdk()).webhooks.list(opts)
      await printList(ctx, items, opts, webhookFields, 'webhooks', (i) => shownWebhooks(ctx, i, opts.showSecret))
    })
  examples(list, ['agentry webhook list', 'agentry webhooks ls --all --json'])
  const get = new Command('get')
    .description('Show one webhook (its secret hidden unless --show-secret)')
    .argument('<webhookId>', 'the webhook')
    .option('--show-secret', 'print the secret instead of hiding it')
    .action(async (webhookId: string, raw) => {
      const { showSecret } = parseOptions(showSchema, raw)
      const hook = await (await ctx.sdk()).webhooks.get(webhookId)
      await ctx.output().item(shownWebhook(ctx, hook, showSecret))
    })
  examples(get, ['agentry webhook get whk_1', 'agentry webhook get whk_1 --show-secret --json | jq -r .secret'])
  const del = new Command('delete')
    .alias('rm')
    .description('Delete a webhook (asks first on a terminal; --yes otherwise)')
    .argument('<webhookId>', 'the webhook')
    .option('-y, --yes', 'do not ask')
    .action(async (webhookId: string, raw: { yes?: boolean }) => {
      await confirmDestructive(ctx, raw.yes, `Delete webhook ${webhookId}? Its URL stops working.`, 'not deleted')
      await (await ctx.sdk()).webhooks.delete(webhookId)
      ctx.info(`deleted webhook ${webhookId}`)
    })
  examples(del, ['agentry webhook delete whk_1', 'agentry webhook rm whk_1 --yes'])
  for (const c of [list, get, webhookCreateCommand(ctx), webhookEditCommand(ctx), del]) group.addCommand(c)
  group.addCommand(webhookTestCommand(ctx)).addCommand(webhookTriggerCommand(ctx))
  examples(group, [
    'agentry webhook create --name Orders --scenario scn_1',
    'agentry webhook trigger whk_1 --data @e.json',
  ])
  program.addCommand(group)
}
