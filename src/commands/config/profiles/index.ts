// `agentry config profiles [list]|delete <name>`.
import { defineGroup } from '../../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['config', 'profiles'],
  summary: 'List the saved profiles and show which one is in use (--profile, AGENTRY_PROFILE, or default)',
  examples: ['agentry config profiles', 'agentry config profiles --json'],
  commands,
})
