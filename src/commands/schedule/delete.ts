// `agentry schedule delete <scheduleId>`: one schedule, after asking.
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'

export default defineCommand({
  path: ['schedule', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a schedule (asks first on a terminal; --yes otherwise)',
  args: { scheduleId: arg('<scheduleId>', 'the schedule') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry schedule delete sch_1', 'agentry schedule rm sch_1 --yes'],
  run: async ({ scheduleId, yes }, ctx) => {
    await confirmDestructive(ctx, yes, `Delete schedule ${scheduleId}?`, 'not deleted')
    await (await ctx.sdk()).schedules.delete(scheduleId)
    ctx.info(`deleted schedule ${scheduleId}`)
  },
})
