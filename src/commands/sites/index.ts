// `agentry sites list|get` (commands.md; wire.md "Sites, files, images"): read-only.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['sites'],
  aliases: ['site'],
  summary: 'List the sites of the account, show one',
  examples: ['agentry sites list', 'agentry sites get site_docs --json', 'agentry pages list site_docs'],
  commands,
})
