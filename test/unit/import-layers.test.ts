// No room of src/ imports one above it, and no two rooms reach each other (scripts/import-graph.mjs holds the order
// of the rooms, from errors and the library's HTTP core up to the CLI's entry; `node scripts/import-graph.mjs` prints
// the same figures). Read from the sources: type-only imports count (naming another room's types is depending on
// it); `import()` does not (it is how a room loads what is above it lazily: the manifest its groups). And the
// comments of src/, scripts/ and bin/ give reasons, not the numbers of tracker issues a reader cannot see, and the
// files they name exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { circles, importsOf, roomOf, rooms, sourcesOf, upward } from '../../scripts/import-graph.mjs'
import { cliRoot, repoRoot } from '../helpers/cli.js'

const sources = sourcesOf(cliRoot)
const edges = importsOf(sources)
const show = (e: { from: string; to: string; kind: string }) => `${e.from} -> ${e.to} (${e.kind})`

describe('the import graph of src/', () => {
  it('puts every module in a room, and reads every import', () => {
    expect(sources.size).toBeGreaterThan(300)
    for (const file of sources.keys()) expect(() => roomOf(file), file).not.toThrow()
    expect(edges.filter((e) => e.from === 'src/context.ts').map((e) => e.to)).toContain('src/config/resolve.ts')
  })

  it('has no import from a room to one above it', () => {
    expect(upward(edges).map(show)).toEqual([])
  })

  it('has no circle between rooms', () => {
    expect(circles(edges)).toEqual([])
  })

  it('ranks whole folders and top-level files, never a file or sub-folder inside another room', () => {
    const nested = rooms.flat().filter((p) => p.replace(/\/$/, '').includes('/'))
    expect(nested).toEqual([])
    expect(() => roomOf('src/cms/bulk/import.ts')).not.toThrow()
    expect(roomOf('src/cms/bulk/import.ts').room).toBe('cms/')
  })

  it('finds an upward import in any form, and a circle through peers, but not an import()', () => {
    const made = importsOf(
      new Map([
        ['src/io/progress.ts', "import type { Context } from '../context.js'"],
        ['src/config/store.ts', "export { x } from '../commands/define.js'"],
        ['src/chat/session.ts', "import { a } from '../logs/store.js'\nconst m = await import('../cli.js')"],
        ['src/logs/store.ts', "import { b } from '../chat/session.js'"],
      ]),
    )
    expect(upward(made).map(show)).toEqual([
      'src/io/progress.ts -> src/context.ts (type)',
      'src/config/store.ts -> src/commands/define.ts (static)',
    ])
    expect(circles(made)).toEqual([['chat/', 'logs/']])
  })
})

describe('the comments of src/, scripts/ and bin/', () => {
  it('say why, not which issue of the tracker asked for it ("issue 12", "(issue 22 item 13)")', () => {
    const cited: string[] = []
    for (const dir of ['src', 'scripts', 'bin'])
      for (const file of readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|mts|cts|js|mjs|cjs)$/.test(file)) continue
        const lines = readFileSync(join(repoRoot, dir, file), 'utf8').split('\n')
        lines.forEach((line, i) => {
          if (/issue [0-9]+/.test(line)) cited.push(`${dir}/${file}:${i + 1}: ${line.trim()}`)
        })
      }
    expect(cited).toEqual([])
  })

  it('name files that exist (a header naming a file that was moved or never written misleads)', () => {
    const missing: string[] = []
    const named = /(?<![\w./-])((?:src|scripts|bin|test|bench|docs)\/[\w/.-]*\w\.(?:ts|mjs|cjs|md|json))/g
    for (const dir of ['src', 'scripts', 'bin'])
      for (const file of readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|mts|cts|js|mjs|cjs)$/.test(file)) continue
        for (const line of readFileSync(join(repoRoot, dir, file), 'utf8').split('\n')) {
          if (!/^\s*(\/\/|\*|\/\*)/.test(line)) continue
          for (const [, path] of line.matchAll(named))
            if (!existsSync(join(repoRoot, path!))) missing.push(`${dir}/${file}: ${path}`)
        }
      }
    expect(missing).toEqual([])
  })
})
