// `agentry scenario list|get|run|runs|sign` (commands.md; wire.md Scenarios). Records never carry the signing secret.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['scenario'],
  aliases: ['scenarios'],
  summary: 'List, show, run (signed) and sign scenarios; list their runs',
  examples: ['agentry scenario list', 'AGENTRY_SCENARIO_SECRET=… agentry scenario run scn_1 --input hi'],
  commands,
})
