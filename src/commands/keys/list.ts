// `agentry keys list`: the API keys of the account (prefixes, never keys).
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { keyFields } from './fields.js'

export default listCommand(declaredList('keysList'), {
  path: ['keys', 'list'],
  examples: ['agentry keys list', 'agentry keys ls --json'],
  fields: keyFields,
})
