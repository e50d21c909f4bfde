// The top-level command list (`agentry --help`, "did you mean") must not load any group, so src/commands/manifest.ts
// cannot import the groups' declarations; their summary, aliases and hidden flag are copied into
// src/commands/manifest.gen.ts by `npm run gen` (scripts/gen/commands.ts; test/unit/generated.test.ts fails when it is
// stale). Here: the copy is written the way biome would write it.
import { describe, expect, it } from 'vitest'
import { groupLists, manifestText } from '../../scripts/gen/commands.js'
import { declaredList } from '../../src/lists/declared.js'
import { listCommand } from '../../src/commands/presets.js'

describe('the top-level manifest', () => {
  it('lists each group as declared: a changed summary is a changed manifest', () => {
    const text = manifestText([
      { name: 'agents', aliases: ['agent'], summary: 'List agents, show one' },
      { name: '__complete', summary: "completion's candidates", hidden: true },
    ])
    expect(text).toContain("  agents: {\n    aliases: ['agent'],\n    summary: 'List agents, show one',\n  },\n")
    expect(text).toContain(`  __complete: {\n    summary: "completion's candidates",\n    hidden: true,\n  },\n`)
    expect(text).not.toBe(manifestText([{ name: 'agents', aliases: ['agent'], summary: 'List the agents' }]))
  })
})

describe("a group's commands.gen.ts", () => {
  const command = (...path: string[]) => ({ default: { kind: 'command', path, summary: '', run: () => {} } })
  const group = (...path: string[]) => ({ default: { kind: 'group', path, summary: '', commands: [] } })
  const modules = (entries: Record<string, unknown>) =>
    new Map(Object.entries(entries).map(([path, m]) => [path, async () => m] as const))

  it('lists the modules of the folder that declare a command of the group, by name; helpers are not commands', async () => {
    const files = await groupLists(
      modules({
        'src/commands/x/index.ts': group('x'),
        'src/commands/x/list.ts': command('x', 'list'),
        'src/commands/x/delete-all.ts': command('x', 'delete-all'),
        'src/commands/x/delete.ts': command('x', 'delete'),
        'src/commands/x/fields.ts': { fields: [] },
        'src/commands/x/sub/index.ts': group('x', 'sub'),
        'src/commands/x/sub/get.ts': command('x', 'sub', 'get'),
      }),
    )
    expect([...files.keys()]).toEqual(['src/commands/x/commands.gen.ts', 'src/commands/x/sub/commands.gen.ts'])
    const x = files.get('src/commands/x/commands.gen.ts')!
    expect(x).toContain("import deleteCommand from './delete.js'\nimport deleteAll from './delete-all.js'\n")
    expect(x).toContain("import sub from './sub/index.js'")
    expect(x).toContain('export const commands: readonly Declared[] = [deleteCommand, deleteAll, list, sub]')
    expect(x).not.toContain('fields')
    expect(files.get('src/commands/x/sub/commands.gen.ts')).toContain("from '../../define.js'")
  })

  it('stops on a module of the folder that declares a command of another group', async () => {
    const wrong = modules({ 'src/commands/x/index.ts': group('x'), 'src/commands/x/get.ts': command('y', 'get') })
    await expect(groupLists(wrong)).rejects.toThrow('src/commands/x/get.ts declares `y get`, not a command of `x`')
  })

  it('stops on two commands of a group answering to one word, before any build', async () => {
    const aliased = (path: string[], aliases: string[]) => ({ default: { ...command(...path).default, aliases } })
    const clash = modules({
      'src/commands/x/index.ts': group('x'),
      'src/commands/x/list.ts': aliased(['x', 'list'], ['ls']),
      'src/commands/x/deliveries.ts': aliased(['x', 'deliveries'], ['ls']),
    })
    await expect(groupLists(clash)).rejects.toThrow('`agentry x`: `ls` names two commands, list.ts and deliveries.ts')
    const named = modules({
      'src/commands/x/index.ts': group('x'),
      'src/commands/x/get.ts': aliased(['x', 'get'], ['list']),
      'src/commands/x/list.ts': command('x', 'list'),
    })
    await expect(groupLists(named)).rejects.toThrow('`list` names two commands')
  })
})

describe('the list preset', () => {
  const words = { examples: ['agentry x list'], fields: [] }
  const agents = declaredList('agentsList')
  it("gives `ls` to a group's own list verb only, and takes the aliases it is given", () => {
    expect(listCommand(agents, { path: ['x', 'list'], ...words }).aliases).toEqual(['ls'])
    expect(listCommand(agents, { path: ['x', 'deliveries'], ...words }).aliases).toBeUndefined()
    expect(listCommand(agents, { path: ['x', 'runs'], aliases: ['r'], ...words }).aliases).toEqual(['r'])
    expect(listCommand(agents, { path: ['x', 'list'], aliases: [], ...words }).aliases).toBeUndefined()
  })
})
