// `agentry sites list`: the sites of the account, a page or --all.
import { sitesList } from '../../account/lists.js'
import { listCommand } from '../presets.js'
import { siteFields } from './fields.js'

export default listCommand(sitesList, {
  path: ['sites', 'list'],
  examples: ['agentry sites list', 'agentry sites list --all --json'],
  fields: siteFields,
})
