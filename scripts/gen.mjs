// `npm run gen`: writes the files generated from the declarations of operations and commands
// (scripts/gen/generate.ts says which). The generator is TypeScript that imports the contract and the command
// modules, so it is bundled by esbuild, packages left out (they load from node_modules: twice faster than bundling
// them), into a file of node_modules/.cache that is removed once imported: nothing is left on disk but the generated
// files, each written only when it changed. `--check` writes nothing and exits 1 naming the stale files.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import module from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { commandFiles } from './gen/command-files.mjs'

module.enableCompileCache?.()
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')

// The entry: the generator, and each module of the command folders behind a literal import() (so it is bundled).
const files = commandFiles(root)
const entry = [
  "export { generate } from './scripts/gen/generate.ts'",
  'export const commandModules = new Map([',
  ...files.map((f) => `  [${JSON.stringify(f)}, () => import(${JSON.stringify(`./${f}`)})],`),
  '])',
].join('\n')

// A generated module not written yet (a new group's commands.gen.ts) is bundled as empty, so that the generator
// can run and write it.
const missingGenerated = {
  name: 'missing-generated',
  setup(b) {
    b.onResolve({ filter: /\.gen\.js$/ }, (args) => {
      const file = join(args.resolveDir, args.path.replace(/\.js$/, '.ts'))
      return existsSync(file) ? undefined : { path: file, namespace: 'missing-generated' }
    })
    b.onLoad({ filter: /.*/, namespace: 'missing-generated' }, () => ({
      contents: 'export const commands = []; export const declared = {}',
      loader: 'js',
    }))
  },
}

const bundled = await build({
  stdin: { contents: entry, resolveDir: root, sourcefile: 'gen-entry.js', loader: 'js' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  logLevel: 'error',
  packages: 'external',
  plugins: [missingGenerated],
})
const cache = join(root, 'node_modules/.cache/agentry-gen')
mkdirSync(cache, { recursive: true })
const bundle = join(cache, `generate-${process.pid}.mjs`)
writeFileSync(bundle, bundled.outputFiles[0].text)
let loaded
try {
  loaded = await import(pathToFileURL(bundle).href)
} finally {
  rmSync(bundle, { force: true })
}
const { generate, commandModules } = loaded

const stale = []
for (const [path, text] of await generate(commandModules)) {
  const file = join(root, path)
  const old = await readFile(file, 'utf8').catch(() => undefined)
  if (old === text) continue
  stale.push(path)
  if (!check) {
    mkdirSync(dirname(file), { recursive: true })
    await writeFile(file, text)
  }
}
if (check && stale.length > 0) {
  console.error(`stale generated files (run npm run gen): ${stale.join(', ')}`)
  process.exit(1)
}
console.log(stale.length === 0 ? 'generated files are up to date' : `wrote ${stale.join(', ')}`)
