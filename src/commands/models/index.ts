// `agentry models [list]`: the models the account can chat with directly (`agentry chat --model <id>`).
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['models'],
  aliases: ['model'],
  summary: 'List the models you can chat with directly (agentry chat --model)',
  examples: ['agentry models', 'agentry models list --json'],
  commands,
})
