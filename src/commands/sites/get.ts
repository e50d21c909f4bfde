// `agentry sites get <siteId>`: one site.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['sites', 'get'],
  summary: 'Show one site (its pages: agentry pages list <siteId>)',
  args: { siteId: arg('<siteId>', 'the site id') },
  examples: ['agentry sites get site_docs', 'agentry sites get site_docs --json'],
  run: async ({ siteId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).sites.get(siteId))
  },
})
