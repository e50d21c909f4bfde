// `agentry scenario list`: the scenarios of the account, a page or --all.
import { listCommand } from '../presets.js'
import { scenarioFields } from './fields.js'

export default listCommand({
  path: ['scenario', 'list'],
  summary: 'List the scenarios of the account',
  examples: ['agentry scenario list', 'agentry scenarios ls --all --json'],
  fields: scenarioFields,
  noun: 'scenarios',
  list: (sdk, opts) => sdk.scenarios.list(opts),
})
