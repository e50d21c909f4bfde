// `agentry sites list`: the sites of the account, a page or --all.
import { listCommand } from '../presets.js'
import { siteFields } from './fields.js'

export default listCommand({
  path: ['sites', 'list'],
  summary: 'List sites',
  examples: ['agentry sites list', 'agentry sites list --all --json'],
  fields: siteFields,
  noun: 'sites',
  list: (sdk, opts) => sdk.sites.list(opts),
})
