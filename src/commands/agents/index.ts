// `agentry agents list|get|create|edit|delete|card`.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['agents'],
  aliases: ['agent'],
  summary: 'List, show, create, edit and delete agents; show an A2A card',
  commands,
})
