// `agentry webhook list`: the webhooks of the account, a page or --all; secrets hidden unless --show-secret.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { flag } from '../options.js'
import { shownWebhooks, webhookFields } from './fields.js'

export default defineCommand({
  path: ['webhook', 'list'],
  aliases: ['ls'],
  summary: 'List the webhooks of the account',
  options: { ...listOptions, showSecret: flag('--show-secret', 'print secrets instead of hiding them') },
  examples: ['agentry webhook list', 'agentry webhooks ls --all --json'],
  run: async ({ showSecret, ...opts }, ctx) => {
    const items = (await ctx.sdk()).webhooks.list(opts)
    await printList(ctx, items, opts, webhookFields, 'webhooks', (i) => shownWebhooks(ctx, i, showSecret))
  },
})
