// `agentry schedule edit <scheduleId>`: change what is given, nothing else.
import { arg, defineCommand } from '../define.js'
import { scheduleBody, scheduleFlags } from './options.js'

export default defineCommand({
  path: ['schedule', 'edit'],
  summary: 'Change a schedule',
  args: { scheduleId: arg('<scheduleId>', 'the schedule') },
  options: scheduleFlags('edit'),
  examples: ['agentry schedule edit sch_1 --status inactive', 'agentry schedule edit sch_1 --every 15m'],
  run: async ({ scheduleId, ...opts }, ctx) => {
    const body = await scheduleBody(opts, false)
    await ctx.output().item(await (await ctx.sdk()).schedules.edit(scheduleId, body))
  },
})
