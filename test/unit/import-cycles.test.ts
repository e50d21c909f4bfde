// No import cycle among src/ modules at run time (issue 7 item 6): read from the build's metafile (dist/meta.json),
// through the static imports that survive compilation. Type-only imports are gone from it; dynamic import() does
// not count (see test/helpers/import-cycles.ts for why).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertBuilt, cliRoot } from '../helpers/cli.js'
import { importCycles, type Metafile, runTimeImports } from '../helpers/import-cycles.js'

describe('run-time import cycles', () => {
  it('src/ has none: the static imports of the built modules form no cycle', () => {
    assertBuilt()
    const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as Metafile
    const graph = runTimeImports(meta)
    // the graph really is the build's: the three bundles' entries and their modules, not an empty or partial file
    for (const entry of ['src/cli.ts', 'src/index.ts', 'src/emulator/index.ts']) expect(graph.has(entry)).toBe(true)
    expect(graph.size).toBeGreaterThan(250)
    expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([])
  })

  it('finds each cycle once, as a path to cut, and counts only import statements inside src/', () => {
    const edge = (path: string, kind = 'import-statement') => ({ path, kind })
    const meta: Metafile = {
      inputs: {
        'src/a.ts': { imports: [edge('src/b.ts'), edge('node_modules/x/index.js')] },
        'src/b.ts': { imports: [edge('src/c.ts'), edge('src/d.ts')] },
        'src/c.ts': { imports: [edge('src/a.ts')] },
        'src/d.ts': { imports: [edge('src/d.ts')] },
        // a dynamic import back to its importer is no cycle at run time
        'src/lazy.ts': { imports: [edge('src/lazy-group.ts')] },
        'src/lazy-group.ts': { imports: [edge('src/lazy.ts', 'dynamic-import')] },
        'src/e.ts': { imports: [edge('src/a.ts')] },
        'node_modules/x/index.js': { imports: [edge('src/a.ts')] },
      },
    }
    expect(importCycles(runTimeImports(meta))).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'],
      ['src/d.ts', 'src/d.ts'],
    ])
  })

  it('names a shortest cycle through a larger tangle', () => {
    const graph = new Map([
      ['a', ['b', 'x']],
      ['b', ['c']],
      ['c', ['d']],
      ['d', ['a']],
      ['x', ['a']],
    ])
    expect(importCycles(graph)).toEqual([['a', 'x', 'a']])
  })
})
