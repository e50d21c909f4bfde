// `agentry scenario list|get|create|edit|delete|run|trigger|runs|sign` (commands.md; wire.md Scenarios). Records never
// carry the signing secret but in the answer that made it (create, edit --rotate-secret).
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['scenario'],
  aliases: ['scenarios'],
  summary: 'List, show, create, edit, delete, run (signed) and trigger scenarios; list their runs',
  examples: ['agentry scenario list', 'AGENTRY_SCENARIO_SECRET=… agentry scenario run scn_1 --input hi'],
  commands,
})
