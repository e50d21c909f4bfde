// The published package lists as dependencies only what the build leaves outside its bundles: the bundles (dist/)
// carry every package they import, so `npm install -g agentry` fetches 3 packages, not ~170 (docs/architecture.md,
// "Dependencies"). What is left outside: what esbuild kept external (its metafile, dist/meta.json: Node's built-ins
// and undici's parsers beside their chunk), a package read from node_modules at run time
// (createRequire(…).resolve: jq-wasm's module, when --jq is given), and the packages the library's type declarations name (undici, zod: e2e/pack-install
// type-checks a program against the tarball with its dependencies alone, and e2e/install-global runs the installed
// command).
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { assertBuilt, cliRoot } from '../helpers/cli.js'

interface Meta {
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>
}

it('the dependencies are what the built files load from node_modules and what the declarations name', () => {
  assertBuilt()
  const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as Meta
  const external = Object.values(meta.outputs)
    .flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path))
    .filter((p) => !isBuiltin(p) && !p.startsWith('./'))
  expect(external).toEqual([])
  const required = readdirSync(join(cliRoot, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .flatMap((e) => [
      ...readFileSync(join(e.parentPath, e.name), 'utf8').matchAll(
        /createRequire\(import\.meta\.url\)(?:\.resolve)?\('((?:@[^/']+\/)?[^/']+)[^']*'\)/g,
      ),
    ])
    .map((m) => m[1]!)
    .filter((name) => !isBuiltin(name))
  expect(required).toEqual(['jq-wasm'])
  const pkg = JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  expect(Object.keys(pkg.dependencies).sort()).toEqual([...required, 'undici', 'zod'].sort())
})
