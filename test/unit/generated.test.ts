// The files `npm run gen` writes from the declarations of operations and commands (scripts/gen/generate.ts) are
// checked in: the generator runs here in memory and each file must be exactly what it writes, so a declaration
// changed without `npm run gen` fails (an operation, a group's summary, a command file added to a group's folder).
// The generator must also be deterministic (the pre-stop hook runs it and flags any change).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commandFiles } from '../../scripts/gen/command-files.mjs'
import { type Declared, declarations, generate, operationFiles } from '../../scripts/gen/generate.js'
import { listOf } from '../../src/api/contract/paging.js'
import { op, ours } from '../../src/api/contract/types.js'
import { webhookSchema } from '../../src/api/schemas/automation.js'
import * as z from '../../src/api/zod.js'

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

  it('of one family change alone when an operation is added to it: the others stay, the index only gains rows', async () => {
    const ops = await declarations()
    // a list in the files family whose item and query other families check too (a webhook, a page), and one check
    // of its own: before the checks were per family, such a check moved into a shared module and renumbered others
    const added: Declared = {
      name: 'filesWebhooks' as Declared['name'],
      family: 'files',
      op: op('GET', '/{accountId}/files/webhooks', {
        provenance: ours(),
        scope: 'account',
        ...listOf(webhookSchema, z.object({ page: z.optional(z.int()), folder: z.optional(z.string()) })),
        sdk: 'files.webhooks',
        doc: 'A scratch operation.',
      }),
    }
    const last = ops.findLastIndex((d) => d.family === 'files')
    const before = new Map(operationFiles(ops))
    const after = new Map(operationFiles([...ops.slice(0, last + 1), added, ...ops.slice(last + 1)]))
    expect([...after.keys()]).toEqual([...before.keys()])
    const changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path)
    const index = ['src/api/routes.gen.ts', 'src/sdk/methods.gen.ts', 'src/emulator/handlers.gen.ts', 'docs/api.md']
    expect(changed.sort()).toEqual(['src/api/accept/files.gen.ts', ...index].sort())
    // each index file keeps every line it had, in order: the operation's rows are inserted, nothing else moves
    for (const path of index) {
      const old = before.get(path)!.split('\n')
      const now = after.get(path)!.split('\n')
      let i = 0
      for (const line of now) if (line === old[i]) i++
      expect(i, `${path} keeps its lines`).toBe(old.length)
      expect(now.length, path).toBeGreaterThan(old.length)
    }
  })
})
