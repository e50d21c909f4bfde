// `agentry mcp serve`: Model Context Protocol.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['mcp'],
  summary: 'Serve the account to MCP clients (Claude, Cursor, …)',
  commands,
})
