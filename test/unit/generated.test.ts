// The files `npm run gen` writes from the declarations of operations and commands (scripts/gen/generate.ts) are
// checked in: the generator runs here in memory and each file must be exactly what it writes, so a declaration
// changed without `npm run gen` fails (an operation, a group's summary, a command file added to a group's folder).
// The generator must also be deterministic (the pre-stop hook runs it and flags any change).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commandFiles } from '../../scripts/gen/command-files.mjs'
import { generate } from '../../scripts/gen/generate.js'

const root = join(import.meta.dirname, '..', '..')
const commandModules = new Map(commandFiles(root).map((f) => [f, () => import(join(root, f))]))

describe('generated files', () => {
  it('are what `npm run gen` writes from the declarations (run it when this fails)', async () => {
    const files = await generate(commandModules)
    const paths = [...files.keys()]
    const perGroupOrFamily = (p: string) => p.endsWith('/commands.gen.ts') || p.startsWith('src/api/accept/')
    expect(paths.filter((p) => !perGroupOrFamily(p)).sort()).toEqual([
      'docs/api.md',
      'src/api/accept.gen.ts',
      'src/api/routes.gen.ts',
      'src/commands/manifest.gen.ts',
      'src/config/accept.gen.ts',
      'src/emulator/handlers.gen.ts',
      'src/sdk/methods.gen.ts',
    ])
    expect(paths).toContain('src/commands/skills/commands.gen.ts')
    expect(paths).toContain('src/api/accept/agents.gen.ts')
    expect(paths).toContain('src/api/accept/cms.gen.ts')
    expect(paths).toContain('src/commands/config/profiles/commands.gen.ts')
    for (const [path, text] of files) expect(await readFile(join(root, path), 'utf8'), path).toBe(text)
  })

  it('come out the same on every run', async () => {
    expect([...(await generate(commandModules))]).toEqual([...(await generate(commandModules))])
  })
})
