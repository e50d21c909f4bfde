// `agentry webhook delete <webhookId>`: one webhook, after asking.
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'

export default defineCommand({
  path: ['webhook', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a webhook (asks first on a terminal; --yes otherwise)',
  args: { webhookId: arg('<webhookId>', 'the webhook') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry webhook delete whk_1', 'agentry webhook rm whk_1 --yes'],
  run: async ({ webhookId, yes }, ctx) => {
    await confirmDestructive(ctx, yes, `Delete webhook ${webhookId}? Its URL stops working.`, 'not deleted')
    await (await ctx.sdk()).webhooks.delete(webhookId)
    ctx.info(`deleted webhook ${webhookId}`)
  },
})
