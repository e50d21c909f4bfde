// `agentry agents list|get|card`.
import { defineGroup } from '../define.js'
import card from './card.js'
import get from './get.js'
import list from './list.js'

export default defineGroup({
  path: ['agents'],
  aliases: ['agent'],
  summary: 'List agents, show one, show its A2A card',
  commands: [list, get, card],
})
