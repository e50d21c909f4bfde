// The contract adds nothing to the CLI's start-up path (issue 7 item 9): read from the build's metafile, the files
// `dist/cli.js` loads by static imports hold none of the contract's families or schemas (src/api/contract/<family>.ts,
// zod: loaded when a command needs them, src/api/contract/loaders.ts) and not the library's entry (src/index.ts, a
// build of its own), and `--help`/`--version` (dist/help.cjs, dist/version.cjs) import and require nothing. The
// library's client (src/sdk) is in the core chunk (src/core-chunk.ts): read at every start, run only by a command
// that calls the service, which measured faster than a chunk of its own (docs/architecture.md "Start-up budget").
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
  it('dist/cli.js loads no contract family, schema or zod, nor the library entry, until a command asks for it', () => {
    assertBuilt()
    const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as Meta
    const inputs = staticClosure(meta, 'dist/cli.js').flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
    expect(inputs.length).toBeGreaterThan(0)
    // the contract's shared parts may be there (no zod): the page-size range the flags read (--limit 1 to 100), the
    // paths, and the loaders that import a family when asked
    const familyOrSchema = /^src\/(api\/contract\/(?!(page-size|path|loaders|index)\.ts)|index\.ts)|node_modules\/zod\//
    expect(inputs.filter((i) => familyOrSchema.test(i))).toEqual([])
    // the core holds the library's client: a command that calls the service loads no file more for it
    expect(inputs).toContain('src/sdk/client.ts')
    // the library itself is built, and does reach the SDK
    const lib = staticClosure(meta, 'dist/index.js').flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
    expect(lib).toContain('src/sdk/client.ts')
    for (const f of ['dist/help.cjs', 'dist/version.cjs'])
      expect(readFileSync(join(cliRoot, f), 'utf8')).not.toMatch(/^import\s|\bimport\(|\brequire\(/m)
  })

  it('what a run of agents list --json calls is compiled with its module (so the compile cache holds it); the rest on first call', () => {
    assertBuilt()
    const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as Meta
    const read = (f: string) => readFileSync(join(cliRoot, f), 'utf8')
    // scripts/build.mjs trains on that command: each top-level function it ran is a parenthesised function expression
    const eager = (code: string, name: string) =>
      new RegExp(`^var ${name} = \\((async )?function ${name}\\(`, 'm').test(code)
    const cli = read('dist/cli.js')
    for (const name of ['main', 'run', 'directLine', 'runDirect']) expect(eager(cli, name), name).toBe(true)
    // an error path it never took stays a declaration
    expect(cli).toMatch(/^function isCommanderError\(/m)
    const core = Object.keys(meta.outputs).find((f) => f.endsWith('.js') && 'src/context.ts' in meta.outputs[f]!.inputs)
    const made = read(core!).match(/^var [\w$]+ = \((async )?function/gm) ?? []
    expect(made.length).toBeGreaterThan(40)
  })
})
