// docs/api.md names, for each operation, the commands and MCP tools that call it (the declarations' `command` and
// `mcp`): each must exist, so the page cannot name a command or a tool that is gone.
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { families, familyContract } from '../../src/api/contract/index.js'
import type { Operation } from '../../src/api/contract/types.js'
import { buildProgram } from '../../src/cli.js'
import { chooseTools } from '../../src/mcp/server.js'
import { testContext } from '../helpers/test-context.js'

async function declarations(): Promise<[string, Operation][]> {
  const out: [string, Operation][] = []
  for (const f of families) out.push(...(Object.entries(await familyContract(f)) as [string, Operation][]))
  return out
}

/** Whether `agentry <words>` is a command. */
async function isCommand(words: string[]): Promise<boolean> {
  const program = await buildProgram(testContext().ctx, [words[0]!])
  let cmd: Command | undefined = program
  for (const w of words) cmd = cmd?.commands.find((c) => c.name() === w)
  return cmd !== undefined
}

/** The names of the tools `agentry mcp serve` exposes (every one: no --tools, no --read-only). */
function mcpTools(): Set<string> {
  return new Set(chooseTools({ readOnly: false }).map((t) => t.name))
}

describe('docs/api.md', () => {
  it('names only commands that exist', async () => {
    const missing: string[] = []
    for (const [name, op] of await declarations())
      for (const c of op.command?.split(', ') ?? []) if (!(await isCommand(c.split(' ')))) missing.push(`${name}: ${c}`)
    expect(missing).toEqual([])
  })

  it('names only MCP tools that exist', async () => {
    const tools = mcpTools()
    const missing: string[] = []
    for (const [name, op] of await declarations())
      for (const tool of op.mcp?.split(', ') ?? []) if (!tools.has(tool)) missing.push(`${name}: ${tool}`)
    expect(missing).toEqual([])
  })
})
