// The library and the contract add nothing to the CLI's start-up path (issue 7 item 9): read from the build's
// metafile, the files `dist/cli.js` loads by static imports hold no library (src/sdk, src/index.ts) or contract
// code, and `--help`/`--version` (dist/help.cjs, dist/version.cjs) import and require nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertBuilt, cliRoot } from '../helpers/cli.js'

interface Meta {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>
}

function staticClosure(meta: Meta, entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !meta.outputs[file]) return
    seen.add(file)
    for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement') visit(i.path)
  }
  visit(entry)
  return [...seen]
}

describe('start-up path', () => {
  it('dist/cli.js loads no library or contract code until a command asks for it', () => {
    assertBuilt()
    const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as Meta
    const inputs = staticClosure(meta, 'dist/cli.js').flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
    expect(inputs.length).toBeGreaterThan(0)
    // but the page-size range (3 constants, no zod): the flags' declarations read it (--limit 1 to 100)
    const libraryOrContract = /^src\/(sdk\/|api\/contract\/(?!page-size\.ts)|index\.ts)/
    expect(inputs.filter((i) => libraryOrContract.test(i))).toEqual([])
    // the library itself is built, and does reach the SDK
    const lib = staticClosure(meta, 'dist/index.js').flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
    expect(lib).toContain('src/sdk/client.ts')
    for (const f of ['dist/help.cjs', 'dist/version.cjs'])
      expect(readFileSync(join(cliRoot, f), 'utf8')).not.toMatch(/^import\s|\bimport\(|\brequire\(/m)
  })
})
