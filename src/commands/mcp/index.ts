// `agentry mcp serve`: Model Context Protocol.
import { defineGroup } from '../define.js'
import serve from './serve.js'

export default defineGroup({
  path: ['mcp'],
  summary: 'Model Context Protocol: serve the account to MCP clients',
  commands: [serve],
})
