// `agentry schedule get <scheduleId>`: one schedule.
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['schedule', 'get'],
  summary: 'Show one schedule',
  args: { scheduleId: arg('<scheduleId>', 'the schedule') },
  examples: ['agentry schedule get sch_1', 'agentry schedule get sch_1 --json | jq -r .nextRunAt'],
  get: (sdk, { scheduleId }) => sdk.schedules.get(scheduleId),
})
