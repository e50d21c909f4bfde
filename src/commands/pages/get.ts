// `agentry pages get <siteId> <pageId>`: one page, with its content.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['pages', 'get'],
  summary: 'Show one page of a site, with its content',
  args: { siteId: arg('<siteId>', 'the site'), pageId: arg('<pageId>', 'the page') },
  examples: ['agentry pages get site_docs page_home', 'agentry pages get site_docs page_home --json | jq -r .content'],
  run: async ({ siteId, pageId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).pages.get(siteId, pageId))
  },
})
