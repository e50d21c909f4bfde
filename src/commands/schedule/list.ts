// `agentry schedule list`: the schedules of the account, a page or --all.
import { listCommand } from '../presets.js'
import { scheduleFields } from './fields.js'

export default listCommand({
  path: ['schedule', 'list'],
  summary: 'List the schedules of the account',
  examples: ['agentry schedule list', 'agentry schedules ls --all --json'],
  fields: scheduleFields,
  noun: 'schedules',
  list: (sdk, opts) => sdk.schedules.list(opts),
})
