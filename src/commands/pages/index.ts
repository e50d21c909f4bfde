// `agentry pages list <siteId>|get <siteId> <pageId>` (commands.md; wire.md "Sites, files, images"): read-only.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['pages'],
  aliases: ['page'],
  summary: 'List the pages of a site, show one',
  examples: ['agentry pages list site_docs', 'agentry pages get site_docs page_home --json'],
  commands,
})
