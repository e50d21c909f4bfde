// `agentry scenario list`: the scenarios of the account, a page or --all.
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { scenarioFields } from './fields.js'

export default listCommand(declaredList('scenariosList'), {
  path: ['scenario', 'list'],
  examples: ['agentry scenario list', 'agentry scenarios ls --all --json'],
  fields: scenarioFields,
})
