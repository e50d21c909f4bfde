// `agentry connect`: a hosted agent hands work to this machine or CI runner through the desktop task queue
// (docs/connect.md). `connect --handler <command>` is the worker (serve.ts, the group's default); the other verbs read
// and change the queue by hand.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['connect'],
  summary: "Serve a hosted agent's tasks on this machine",
  examples: [
    'agentry connect --handler ./handle-task.sh',
    'agentry connect --handler "tr a-z A-Z" --approve desktop-relay --idle-exit 600',
    'agentry connect tasks --status awaiting_confirmation',
    'agentry connect access --enable',
  ],
  commands,
})
