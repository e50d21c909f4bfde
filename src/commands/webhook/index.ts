// `agentry webhook list|get|create|edit|delete|test|trigger` (commands.md; service-interface 2.4, 4.5; wire.md
// Webhooks). Secrets are hidden in list/get/edit output unless --show-secret; create prints the new one.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['webhook'],
  aliases: ['webhooks'],
  summary: 'Manage webhooks, test them, trigger them',
  examples: ['agentry webhook create --name Orders --scenario scn_1', 'agentry webhook trigger whk_1 --data @e.json'],
  commands,
})
