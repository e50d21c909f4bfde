// `agentry schedule list|get|create|edit|delete` (commands.md; wire.md "API keys and schedules"): scenarios run on
// a cron (in a time zone) or every N seconds.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['schedule'],
  aliases: ['schedules'],
  summary: 'Run scenarios on a cron or an interval',
  examples: ['agentry schedule create --scenario scn_1 --every 5m', 'agentry schedule list'],
  commands,
})
