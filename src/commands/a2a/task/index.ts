// `agentry a2a task get|cancel`: a task an agent keeps.
import { defineGroup } from '../../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['a2a', 'task'],
  summary: 'Look at or cancel a task an agent keeps (A2A)',
  examples: ['agentry a2a task get demo-assistant 0b6f…', 'agentry a2a task cancel demo-assistant 0b6f…'],
  commands,
})
