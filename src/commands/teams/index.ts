// `agentry teams [list]` and `teams switch <id|slug>`: the accounts a login reaches, and which one the profile uses.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['teams'],
  aliases: ['team'],
  summary: 'List the accounts (teams) your login reaches; switch the one the profile uses',
  examples: ['agentry teams', 'agentry teams switch demo-team'],
  commands,
})
