// `agentry pages list <siteId>`: the pages of a site, a page or --all.
import { arg } from '../define.js'
import { listCommand } from '../presets.js'
import { pageFields } from './fields.js'

export default listCommand({
  path: ['pages', 'list'],
  summary: 'List the pages of a site',
  args: { siteId: arg('<siteId>', 'the site') },
  examples: ['agentry pages list site_docs', 'agentry pages ls site_docs --all -o ndjson'],
  fields: pageFields,
  noun: 'pages',
  list: (sdk, { siteId, ...opts }) => sdk.pages.list(siteId, opts),
})
