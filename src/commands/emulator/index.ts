// `agentry emulator start`.
import { defineGroup } from '../define.js'
import start from './start.js'

export default defineGroup({
  path: ['emulator'],
  summary: 'Run the local emulator of the service',
  commands: [start],
})
