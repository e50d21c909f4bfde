// `agentry sites get <siteId>`: one site.
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['sites', 'get'],
  summary: 'Show one site (its pages: agentry pages list <siteId>)',
  args: { siteId: arg('<siteId>', 'the site id') },
  examples: ['agentry sites get site_docs', 'agentry sites get site_docs --json'],
  get: (sdk, { siteId }) => sdk.sites.get(siteId),
})
