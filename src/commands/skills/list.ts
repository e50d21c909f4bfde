// `agentry skills list`: the skills of the account.
import type { Field } from '../../io/output.js'
import type { Skill } from '../../api/schemas/index.js'
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'

/** Columns of `skills list`. */
const skillFields: Field<Skill>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'TAGS', get: (s) => s.tags },
  { header: 'DESCRIPTION', get: (s) => s.description },
]

export default listCommand(declaredList('skillsList'), {
  path: ['skills', 'list'],
  examples: ['agentry skills list', 'agentry skills list --all -o ndjson'],
  fields: skillFields,
})
