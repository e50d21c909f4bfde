// `agentry pages get <siteId> <pageId>`: one page, with its content.
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['pages', 'get'],
  summary: 'Show one page of a site, with its content',
  args: { siteId: arg('<siteId>', 'the site'), pageId: arg('<pageId>', 'the page') },
  examples: ['agentry pages get site_docs page_home', 'agentry pages get site_docs page_home --json | jq -r .content'],
  get: (sdk, { siteId, pageId }) => sdk.pages.get(siteId, pageId),
})
