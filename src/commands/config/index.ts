// `agentry config list|get|set|unset|path|profiles|use` (commands.md, Groups). Values resolve flag > env > profile
// > default; `list` and `get` say where each came from.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['config'],
  summary: 'Show and change settings and profiles',
  examples: [
    'agentry config set base-url https://host/api/v1beta',
    'agentry config list',
    'agentry --profile staging config set account acc_2',
    'agentry config profiles',
    'agentry config use staging',
  ],
  commands,
})
