// `npm run build:exe`: agentry as ONE executable for this machine (Node's single-executable applications), which
// needs no Node beside it. Run after `npm run build` (it reads dist/version.js and dist/help.js, the text --version
// and --help print). Output: exe/agentry, or the path given as the first argument.
//
// 1. esbuild bundles bin/agentry.js, the same entry as the npm-installed command, into one CommonJS script, its
//    `import('../dist/cli.js')` resolved to src/cli.ts: every chunk of the npm build is in it, each module evaluated
//    when first imported (esbuild's lazy `__esm` wrappers), so --version still runs nothing else. The plugins of
//    the npm build apply (scripts/esbuild-plugins.mjs), but not the undici parsers kept beside the chunk: they stay
//    inside, as there is no "beside".
// 2. Node writes the blob (`--experimental-sea-config`), with V8's code cache of the script in it (`useCodeCache`),
//    so the script is not compiled at each start.
// 3. postject puts the blob into a copy of the Node that runs this script (the project's Node 24).
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { build } from 'esbuild'
import { inject } from 'postject'
import { lazyChildProcess, lazyHttp2, ownZod } from './esbuild-plugins.mjs'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const out = resolve(process.argv[2] ?? join(root, 'exe/agentry'))
const work = join(dirname(out), '.sea-build')
const started = performance.now()
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// bin/agentry.js imports ../dist/cli.js: here, the source
const cliFromSource = {
  name: 'cli-from-source',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/dist\/cli\.js$/ }, () => ({ path: join(root, 'src/cli.ts') }))
  },
}
const script = join(work, 'agentry.cjs')
await build({
  entryPoints: [join(root, 'bin/agentry.js')],
  outfile: script,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  define: { __AGENTRY_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__agentryUrl' },
  // a single executable's script has no file: import.meta.url (used for createRequire) is the executable's
  banner: { js: "var __agentryUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  plugins: [cliFromSource, lazyHttp2, lazyChildProcess, ownZod],
  logLevel: 'warning',
  legalComments: 'none',
})

const blob = join(work, 'sea.blob')
const config = join(work, 'sea-config.json')
writeFileSync(
  config,
  JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
)
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] })

mkdirSync(dirname(out), { recursive: true })
const tmp = `${out}.tmp`
copyFileSync(process.execPath, tmp)
chmodSync(tmp, 0o755)
await inject(tmp, 'NODE_SEA_BLOB', readFileSync(blob), {
  sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
})
rmSync(out, { force: true })
copyFileSync(tmp, out) // a copy, not a rename: a running old executable keeps its own file
chmodSync(out, 0o755)
rmSync(tmp)
const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `${out}: ${mib(statSync(out).size)} (script ${mib(statSync(script).size)}, blob ${mib(statSync(blob).size)}), built in ${seconds} s`,
)
if (!process.env.AGENTRY_KEEP_SEA_BUILD) rmSync(work, { recursive: true, force: true })
