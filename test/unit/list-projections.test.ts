// A plain list is declared once (src/lists/declared.ts); `agentry <group> list` and the MCP tool list_<noun> are both
// derived from it (issue 19 item 2), so their words and inputs cannot drift apart.
import { describe, expect, it } from 'vitest'
import agents from '../../src/commands/agents/list.js'
import pages from '../../src/commands/pages/list.js'
import scenarios from '../../src/commands/scenario/list.js'
import sites from '../../src/commands/sites/list.js'
import { chooseTools } from '../../src/mcp/server.js'

describe('list projections', () => {
  it.each([
    ['list_agents', agents],
    ['list_scenarios', scenarios],
    ['list_sites', sites],
    ['list_pages', pages],
  ])('%s has the words and ids of its list command', (name, command) => {
    const tool = chooseTools({ readOnly: false }).find((t) => t.name === name)
    expect(tool?.readOnly).toBe(true)
    expect(tool?.title).toBe(command.summary)
    // list_agents says more: it also answers the hosted MCP's `agents`
    expect(tool?.description.startsWith(`${command.summary} (one page; pass page for the next).`)).toBe(true)
    expect(Object.keys(tool?.input ?? {})).toEqual([...Object.keys(command.args ?? {}), 'page', 'limit'])
    expect(command.aliases).toEqual(['ls'])
    expect(Object.keys(command.options ?? {})).toEqual(['page', 'limit', 'all'])
  })
})
