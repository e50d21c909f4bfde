// `agentry agents list`: the agents of the account, a page or --all.
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { agentFields } from './fields.js'

export default listCommand(declaredList('agentsList'), {
  path: ['agents', 'list'],
  examples: ['agentry agents list', 'agentry agents list --all --json', 'agentry agents ls --limit 5 -o yaml'],
  fields: agentFields,
})
