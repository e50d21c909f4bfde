// `agentry emulator start`.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['emulator'],
  summary: 'Run the local emulator of the service',
  commands,
})
