// `agentry pages list <siteId>|get <siteId> <pageId>` (commands.md; wire.md "Sites, files, images"): read-only.
import { defineGroup } from '../define.js'
import get from './get.js'
import list from './list.js'

export default defineGroup({
  path: ['pages'],
  aliases: ['page'],
  summary: 'List the pages of a site, show one',
  examples: ['agentry pages list site_docs', 'agentry pages get site_docs page_home --json'],
  commands: [list, get],
})
