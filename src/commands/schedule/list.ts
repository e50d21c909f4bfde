// `agentry schedule list`: the schedules of the account, a page or --all.
import { declaredList } from '../../lists/declared.js'
import { listCommand } from '../presets.js'
import { scheduleFields } from './fields.js'

export default listCommand(declaredList('schedulesList'), {
  path: ['schedule', 'list'],
  examples: ['agentry schedule list', 'agentry schedules ls --all --json'],
  fields: scheduleFields,
})
