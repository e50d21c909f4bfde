// `agentry pages list <siteId>`: the pages of a site, a page or --all.
import { arg, defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { pageFields } from './fields.js'

export default defineCommand({
  path: ['pages', 'list'],
  aliases: ['ls'],
  summary: 'List the pages of a site',
  args: { siteId: arg('<siteId>', 'the site') },
  options: listOptions,
  examples: ['agentry pages list site_docs', 'agentry pages ls site_docs --all -o ndjson'],
  run: async ({ siteId, ...opts }, ctx) => {
    await printList(ctx, (await ctx.sdk()).pages.list(siteId, opts), opts, pageFields, 'pages')
  },
})
