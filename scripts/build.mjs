// Bundles src/ into dist/ with esbuild: ESM, code splitting so each command group loads only when it runs.
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
rmSync('dist', { recursive: true, force: true })
mkdirSync('dist', { recursive: true })
// --version reads this tiny module and nothing else.
writeFileSync('dist/version.js', `export const version = ${JSON.stringify(pkg.version)}\n`)

await build({
  entryPoints: { cli: 'src/cli.ts', emulator: 'src/emulator/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __AGENTRY_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
}).then((r) => writeFileSync('dist/meta.json', JSON.stringify(r.metafile)))
