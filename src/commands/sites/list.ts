// `agentry sites list`: the sites of the account, a page or --all.
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { siteFields } from './fields.js'

export default listCommand(declaredList('sitesList'), {
  path: ['sites', 'list'],
  examples: ['agentry sites list', 'agentry sites list --all --json'],
  fields: siteFields,
})
