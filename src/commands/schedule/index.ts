// `agentry schedule list|get|create|edit|delete` (commands.md; wire.md "API keys and schedules"): scenarios run on
// a cron (in a time zone) or every N seconds.
import { defineGroup } from '../define.js'
import create from './create.js'
import del from './delete.js'
import edit from './edit.js'
import get from './get.js'
import list from './list.js'

export default defineGroup({
  path: ['schedule'],
  aliases: ['schedules'],
  summary: 'Run scenarios on a cron or an interval',
  examples: ['agentry schedule create --scenario scn_1 --every 5m', 'agentry schedule list'],
  commands: [list, get, create, edit, del],
})
