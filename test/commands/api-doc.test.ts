// docs/api.md names, for each operation, the commands and MCP tools that call it (the declarations' `command` and
// `mcp`): each must exist, so the page cannot name a command or a tool that is gone.
import type { Command } from 'commander'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { families, familyContract } from '../../src/api/contract/index.js'
import type { Operation } from '../../src/api/contract/types.js'
import { buildProgram } from '../../src/cli.js'
import { testContext } from '../helpers/test-context.js'

const root = join(import.meta.dirname, '..', '..')

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

/** The names of the MCP tools (`name: '…'` of each tool definition under src/mcp). */
async function mcpTools(): Promise<Set<string>> {
  const dir = join(root, 'src', 'mcp')
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts'))
  const names = new Set<string>()
  for (const f of files)
    for (const m of (await readFile(join(dir, f), 'utf8')).matchAll(/\bname: '([a-z_]+)'/g)) names.add(m[1]!)
  return names
}

describe('docs/api.md', () => {
  it('names only commands that exist', async () => {
    const missing: string[] = []
    for (const [name, op] of await declarations())
      for (const c of op.command?.split(', ') ?? []) if (!(await isCommand(c.split(' ')))) missing.push(`${name}: ${c}`)
    expect(missing).toEqual([])
  })

  it('names only MCP tools that exist', async () => {
    const tools = await mcpTools()
    const missing = (await declarations()).filter(([, op]) => op.mcp !== undefined && !tools.has(op.mcp))
    expect(missing.map(([name, op]) => `${name}: ${op.mcp}`)).toEqual([])
  })
})
