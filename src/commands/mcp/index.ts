// `agentry mcp serve`: Model Context Protocol.
import { defineGroup } from '../define.js'
import serve from './serve.js'

export default defineGroup({
  path: ['mcp'],
  summary: 'Serve the account to MCP clients (Claude, Cursor, …)',
  commands: [serve],
})
