// `npm run gen`: writes the files generated from the operations' declarations (scripts/gen/generate.ts says which).
// The generator is TypeScript that imports the contract, so it is bundled in memory with esbuild (zod included) and
// run from a data: URL: nothing is left on disk but the generated files, each written only when it changed.
// `--check` writes nothing and exits 1 naming the stale files.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')

const bundled = await build({
  entryPoints: [join(root, 'scripts/gen/generate.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  logLevel: 'error',
})
const code = bundled.outputFiles[0].text
const { generate } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)

const stale = []
for (const [path, text] of await generate()) {
  const file = join(root, path)
  const old = await readFile(file, 'utf8').catch(() => undefined)
  if (old === text) continue
  stale.push(path)
  if (!check) await writeFile(file, text)
}
if (check && stale.length > 0) {
  console.error(`stale generated files (run npm run gen): ${stale.join(', ')}`)
  process.exit(1)
}
console.log(stale.length === 0 ? 'generated files are up to date' : `wrote ${stale.join(', ')}`)
