// `agentry keys list|create|delete` (commands.md; wire.md "API keys"). Lists show a key's prefix, never the key.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['keys'],
  summary: 'List, create and delete API keys',
  examples: ['KEY=$(agentry keys create --name ci --agent ag_1)', 'agentry keys list'],
  commands,
})
