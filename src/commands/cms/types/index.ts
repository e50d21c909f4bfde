// `agentry cms types list|get <slug>`: the record types, each collection with its schema.
import { defineGroup } from '../../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['cms', 'types'],
  summary: 'Record types: the collections with their schema (list, get <slug>)',
  examples: ['agentry cms types list', 'agentry cms types get posts'],
  commands,
})
