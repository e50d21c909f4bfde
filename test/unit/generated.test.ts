// The files `npm run gen` writes from the operations' declarations (scripts/gen/generate.ts) are checked in: the
// generator runs here in memory and each file must be exactly what it writes, so a declaration changed without
// `npm run gen` fails. The generator must also be deterministic (the pre-stop hook runs it and flags any change).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/gen/generate.js'

const root = join(import.meta.dirname, '..', '..')

describe('generated files', () => {
  it('are what `npm run gen` writes from the declarations (run it when this fails)', async () => {
    const files = await generate()
    expect([...files.keys()].sort()).toEqual([
      'docs/api.md',
      'src/api/routes.gen.ts',
      'src/emulator/handlers.gen.ts',
      'src/sdk/methods.gen.ts',
    ])
    for (const [path, text] of files) expect(await readFile(join(root, path), 'utf8'), path).toBe(text)
  })

  it('come out the same on every run', async () => {
    expect([...(await generate())]).toEqual([...(await generate())])
  })
})
