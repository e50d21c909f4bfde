// `agentry schedule delete <scheduleId>`: one schedule, after asking.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'

export default deleteCommand({
  path: ['schedule', 'delete'],
  summary: 'Delete a schedule (asks first on a terminal; --yes otherwise)',
  args: { scheduleId: arg('<scheduleId>', 'the schedule') },
  examples: ['agentry schedule delete sch_1', 'agentry schedule rm sch_1 --yes'],
  question: ({ scheduleId }) => `Delete schedule ${scheduleId}?`,
  delete: (sdk, { scheduleId }) => sdk.schedules.delete(scheduleId),
  done: ({ scheduleId }) => `deleted schedule ${scheduleId}`,
})
