// `agentry keys list`: the API keys of the account (prefixes, never keys).
import { listCommand } from '../presets.js'
import { keyFields } from './fields.js'

export default listCommand({
  path: ['keys', 'list'],
  summary: 'List the API keys of the account',
  examples: ['agentry keys list', 'agentry keys ls --json'],
  fields: keyFields,
  noun: 'keys',
  list: (sdk, opts) => sdk.keys.list(opts),
})
