// `agentry agents list|get|card`.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['agents'],
  aliases: ['agent'],
  summary: 'List agents, show one, show its A2A card',
  commands,
})
