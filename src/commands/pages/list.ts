// `agentry pages list <siteId>`: the pages of a site, a page or --all.
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { pageFields } from './fields.js'

export default listCommand(declaredList('pagesList'), {
  path: ['pages', 'list'],
  examples: ['agentry pages list site_docs', 'agentry pages ls site_docs --all -o ndjson'],
  fields: pageFields,
})
