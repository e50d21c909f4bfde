// `agentry oauth login|logout|status|token|refresh|register` (commands.md, Groups).
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['oauth'],
  summary: 'OAuth: login, logout, status, token, refresh, register',
  examples: ['agentry oauth login', 'agentry oauth status', 'TOKEN=$(agentry oauth token)'],
  commands,
})
