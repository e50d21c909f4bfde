// `agentry schedule list`: the schedules of the account, a page or --all.
import { schedulesList } from '../../account/lists.js'
import { listCommand } from '../presets.js'
import { scheduleFields } from './fields.js'

export default listCommand(schedulesList, {
  path: ['schedule', 'list'],
  examples: ['agentry schedule list', 'agentry schedules ls --all --json'],
  fields: scheduleFields,
})
