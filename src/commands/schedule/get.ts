// `agentry schedule get <scheduleId>`: one schedule.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['schedule', 'get'],
  summary: 'Show one schedule',
  args: { scheduleId: arg('<scheduleId>', 'the schedule') },
  examples: ['agentry schedule get sch_1', 'agentry schedule get sch_1 --json | jq -r .nextRunAt'],
  run: async ({ scheduleId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).schedules.get(scheduleId))
  },
})
