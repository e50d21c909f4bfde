// `agentry keys list`: the API keys of the account (prefixes, never keys).
import { keysList } from '../../account/lists.js'
import { listCommand } from '../presets.js'
import { keyFields } from './fields.js'

export default listCommand(keysList, {
  path: ['keys', 'list'],
  examples: ['agentry keys list', 'agentry keys ls --json'],
  fields: keyFields,
})
