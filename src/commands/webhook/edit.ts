// `agentry webhook edit <webhookId>`: change what is given (name, description, status, scenario), nothing else.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { choice, flag } from '../options.js'
import { shownWebhook } from './fields.js'
import { descriptionFlag, nameFlag, scenarioFlag } from './write-options.js'

export default defineCommand({
  path: ['webhook', 'edit'],
  summary: 'Change a webhook: name, description, status or scenario',
  args: { webhookId: arg('<webhookId>', 'the webhook') },
  options: {
    name: nameFlag('new name, 2 to 100 characters'),
    description: descriptionFlag('new description, at most 1000 characters'),
    status: choice('--status <status>', 'active (receives triggers) or inactive', ['active', 'inactive']),
    scenario: scenarioFlag('run this scenario instead'),
    showSecret: flag('--show-secret', 'print the secret instead of hiding it'),
  },
  examples: [
    'agentry webhook edit whk_1 --status inactive',
    'agentry webhook edit whk_1 --name "Paid orders" --description "Stripe: paid orders"',
  ],
  run: async ({ webhookId, showSecret, ...o }, ctx) => {
    const body = { name: o.name, description: o.description, status: o.status, scenarioId: o.scenario }
    if (Object.values(body).every((v) => v === undefined))
      throw new UsageError('nothing to change', 'pass --name, --description, --status or --scenario')
    const hook = await (await ctx.sdk()).webhooks.edit(webhookId, body)
    await ctx.output().item(shownWebhook(ctx, hook, showSecret))
  },
})
