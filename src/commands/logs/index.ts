// `agentry logs list|show <id>|search <text>|export <id> --as-test|path|clear` (commands.md, second round): the local log of chats
// (src/logs/), kept in $XDG_STATE_HOME/agentry/logs.db. Reading it works with logging off.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['logs'],
  summary: 'The local log of chats: list, show, search, export, path, clear',
  examples: [
    'agentry logs list',
    'agentry logs search "rate limit"',
    'agentry chat --cid <id>                  continue a logged conversation',
    'AGENTRY_LOG=off agentry chat ag_1 -m hi  not logged (or: agentry config set log off)',
  ],
  commands,
})
