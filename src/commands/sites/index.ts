// `agentry sites list|get` (commands.md; wire.md "Sites, files, images"): read-only.
import { defineGroup } from '../define.js'
import get from './get.js'
import list from './list.js'

export default defineGroup({
  path: ['sites'],
  aliases: ['site'],
  summary: 'List the sites of the account, show one',
  examples: ['agentry sites list', 'agentry sites get site_docs --json', 'agentry pages list site_docs'],
  commands: [list, get],
})
