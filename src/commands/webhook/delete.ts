// `agentry webhook delete <webhookId>`: one webhook, after asking.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'

export default deleteCommand({
  path: ['webhook', 'delete'],
  summary: 'Delete a webhook (asks first on a terminal; --yes otherwise)',
  args: { webhookId: arg('<webhookId>', 'the webhook') },
  examples: ['agentry webhook delete whk_1', 'agentry webhook rm whk_1 --yes'],
  question: ({ webhookId }) => `Delete webhook ${webhookId}? Its URL stops working.`,
  delete: (sdk, { webhookId }) => sdk.webhooks.delete(webhookId),
  done: ({ webhookId }) => `deleted webhook ${webhookId}`,
})
