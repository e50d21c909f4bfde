// `agentry schedule create`: a scenario run on a cron (in a time zone) or every N seconds.
import { defineCommand } from '../define.js'
import { scheduleBody, scheduleFlags } from './options.js'

export default defineCommand({
  path: ['schedule', 'create'],
  summary: 'Create a schedule: a scenario, and --cron or --every',
  options: scheduleFlags('create'),
  examples: [
    'agentry schedule create --scenario scn_1 --every 1h --input "hourly sync"',
    'agentry schedule create --scenario scn_1 --cron "0 9 * * 1-5" --timezone Europe/Paris --name "Daily digest"',
  ],
  run: async (opts, ctx) => {
    const body = await scheduleBody(opts, true)
    // scheduleBody(…, true) has filled in name and scenarioId; the contract checks the body again before sending.
    const created = await (await ctx.sdk()).schedules.create(body as typeof body & { name: string; scenarioId: string })
    await ctx.output().item(created)
  },
})
