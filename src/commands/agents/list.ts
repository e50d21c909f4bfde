// `agentry agents list`: the agents of the account, a page or --all.
import { listCommand } from '../presets.js'
import { agentFields } from './fields.js'

export default listCommand({
  path: ['agents', 'list'],
  summary: 'List the agents of the account',
  examples: ['agentry agents list', 'agentry agents list --all --json', 'agentry agents ls --limit 5 -o yaml'],
  fields: agentFields,
  noun: 'agents',
  list: (sdk, opts) => sdk.agents.list(opts),
})
