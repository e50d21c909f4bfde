// `agentry oauth login|logout|status|token|refresh|register` (commands.md, Groups).
import { defineGroup } from '../define.js'
import login from './login.js'
import logout from './logout.js'
import refresh from './refresh.js'
import register from './register.js'
import status from './status.js'
import token from './token.js'

export default defineGroup({
  path: ['oauth'],
  summary: 'OAuth: login, logout, status, token, refresh, register',
  examples: ['agentry oauth login', 'agentry oauth status', 'TOKEN=$(agentry oauth token)'],
  commands: [login, logout, status, token, refresh, register],
})
