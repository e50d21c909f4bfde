// `agentry cms types list`: the record types (collections with their schema), a page or --all.
import { declaredList } from '../../../lists/declared.js'
import { listCommand } from '../../presets.js'
import { recordTypeFields } from './fields.js'

export default listCommand(declaredList('recordTypesList'), {
  path: ['cms', 'types', 'list'],
  examples: ['agentry cms types list', "agentry cms types list --json | jq -r '.[].slug'"],
  fields: recordTypeFields,
})
