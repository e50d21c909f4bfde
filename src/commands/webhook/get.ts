// `agentry webhook get <webhookId>`: one webhook, its secret hidden unless --show-secret.
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'
import { shownWebhook } from './fields.js'

export default defineCommand({
  path: ['webhook', 'get'],
  summary: 'Show one webhook (its secret hidden unless --show-secret)',
  args: { webhookId: arg('<webhookId>', 'the webhook') },
  options: { showSecret: flag('--show-secret', 'print the secret instead of hiding it') },
  examples: ['agentry webhook get whk_1', 'agentry webhook get whk_1 --show-secret --json | jq -r .secret'],
  run: async ({ webhookId, showSecret }, ctx) => {
    const hook = await (await ctx.sdk()).webhooks.get(webhookId)
    await ctx.output().item(shownWebhook(ctx, hook, showSecret))
  },
})
