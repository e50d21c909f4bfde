// `npm run build:exe`: agentry as ONE executable for this machine (Node's single-executable applications), which
// needs no Node beside it. Run after `npm run build` (it reads dist/version.js and dist/help.js, the text --version
// and --help print). Output: exe/agentry, or the path given as the first argument.
//
// 1. The CLI (src/cli.ts) as one CommonJS bundle with every chunk of the npm build inside, each module evaluated when
//    first imported (esbuild's lazy `__esm` wrappers), the plugins of the npm build applied
//    (scripts/esbuild-plugins.mjs) but not the undici parsers kept beside the chunk (there is no "beside"). It is an
//    asset of the executable, not its main script: --version and --help never read it.
// 2. V8's code cache of that bundle after a training run (the commands people run most, against an emulator), so
//    that a start compiles almost nothing: a cache made when a script is compiled (Node's `useCodeCache`) holds only
//    its top level, and the functions of a 4 MiB bundle would be compiled at each start (scripts/exe-loader.cjs).
// 3. The main script: bin/agentry.js, the same start as the npm-installed command, its `import('../dist/cli.js')`
//    replaced by the loader of the asset.
// 4. jq (jq-wasm, for `--jq`) as an asset of its own, compiled only by a run that asks for it; the build checks that
//    it runs with Node's built-ins alone.
// 5. Node writes the blob (`--experimental-sea-config`) and postject puts it into a copy of the Node that runs this
//    script (the project's Node 24), stripped of its symbols. About 109 MiB, Node itself being 103 MiB of it.
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { build } from 'esbuild'
import { inject } from 'postject'
import { lazyChildProcess, lazyHttp2, ownZod } from './esbuild-plugins.mjs'

if (process.platform !== 'linux') {
  // macOS needs the blob in a Mach-O segment and the binary signed again, Windows its signature removed: not done
  console.error(`build:exe: made and tested on Linux only (this is ${process.platform})`)
  process.exit(1)
}
const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const out = resolve(process.argv[2] ?? join(root, 'exe/agentry'))
const work = join(dirname(out), '.sea-build')
const started = performance.now()
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const esbuildCommon = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  logLevel: 'warning',
  legalComments: 'none',
  minifyWhitespace: true, // a smaller bundle to read at each start (no comments: see `ascii` below)
}
// ASCII only, so that the executable makes a one-byte string of a bundle without decoding UTF-8: esbuild escapes
// non-ASCII characters in strings, not in regular expressions; a \uXXXX escape means the same in both.
const ascii = (code) => code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

// jq (`--jq`, jq-wasm: jq compiled to WebAssembly, its 0.9 MiB of wasm inline as base64) is an asset of its own,
// compiled only when a run asks for it: inside the CLI's asset every start would copy its 1.3 MiB. The CLI's
// src/io/jq-load.ts (which requires jq-wasm from node_modules) is replaced by a loader of that asset
// (`jq-from-asset` below).
const jqScript = join(work, 'jq-wasm.js')
const jqBundle = await build({
  ...esbuildCommon,
  entryPoints: [join(root, 'node_modules/jq-wasm/dist/index.js')],
  write: false,
  outfile: jqScript,
})
// Emscripten's loader reads __dirname: the wrapper gives it one, as CommonJS would (exe-loader.cjs passes the
// executable's folder)
writeFileSync(jqScript, `(function (exports, require, module, __dirname) {${ascii(jqBundle.outputFiles[0].text)}\n})`)
// It must run with Node's built-ins alone, as inside the executable (no node_modules, no file beside it), from a
// file: `node -e` would lend it a global __dirname that the executable does not have.
const jqCheck = `const { loadCli } = require(${JSON.stringify(join(root, 'scripts/exe-loader.cjs'))})
const builtinsOnly = (id) => { if (!require('node:module').isBuiltin(id)) throw new Error('jq asset requires ' + id); return require(id) }
const { exports: jq } = loadCli(require('node:fs').readFileSync(${JSON.stringify(jqScript)}, 'latin1'), undefined, builtinsOnly)
jq.raw({ a: [1, 2] }, '.a | add').then((out) => { if (out.trim() !== '3') throw new Error('jq asset answered ' + out) })`
const jqCheckFile = join(work, 'jq-check.cjs')
writeFileSync(jqCheckFile, jqCheck)
execFileSync(process.execPath, [jqCheckFile], { stdio: 'inherit', cwd: work })
const jqFromAsset = {
  name: 'jq-from-asset',
  setup(b) {
    b.onResolve({ filter: /(^|\/)jq-load\.js$/ }, () => ({ path: 'jq-load', namespace: 'sea-jq' }))
    b.onLoad({ filter: /.*/, namespace: 'sea-jq' }, () => ({
      contents: `const { getRawAsset } = require('node:sea')
const { loadCli } = require('./exe-loader.cjs')
exports.loadJq = () => loadCli(Buffer.from(getRawAsset('jq-wasm.js')).latin1Slice()).exports`,
      resolveDir: join(root, 'scripts'),
      loader: 'js',
    }))
  },
}

// The CLI (src/cli.ts) as one CommonJS bundle, wrapped as a function of (exports, require, module): the asset.
const cliBundle = await build({
  ...esbuildCommon,
  entryPoints: [join(root, 'src/cli.ts')],
  write: false,
  outfile: join(work, 'cli.js'),
  define: { __AGENTRY_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__agentryUrl' },
  // the bundle has no file: import.meta.url (used for createRequire) is the executable's
  banner: { js: "var __agentryUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  plugins: [lazyHttp2, lazyChildProcess, ownZod, jqFromAsset],
  // import() of a built-in (node:sqlite, the chat log) as require(): a vm.Script has no import() without
  // --experimental-vm-modules
  supported: { 'dynamic-import': false },
})
const cliScript = join(work, 'cli.js')
writeFileSync(cliScript, `(function (exports, require, module) {${ascii(cliBundle.outputFiles[0].text)}\n})`)

// The code cache of the bundle after a training run: the commands people run most, against an emulator, in one
// process on this Node (the same V8 as the executable's), through the same loader.
const cliCache = join(work, 'cli.cache')
const emulator = spawn(process.execPath, [join(root, 'bin/agentry.js'), 'emulator', 'start', '--port', '0'], {
  stdio: ['ignore', 'pipe', 'ignore'],
})
try {
  let banner = ''
  while (!/^api-key: .+\n/m.test(banner)) {
    const [chunk] = await once(emulator.stdout, 'data')
    banner += chunk
  }
  const field = (name) => new RegExp(`^${name}: (.+)$`, 'm').exec(banner)[1]
  const training = [
    ['agents', 'list', '--json'],
    ['agents', 'get', 'demo-assistant'],
    ['__complete', '--', 'agents', 'l'],
    ['agents', '--help'],
  ] // not chat: it sets a V8 flag (docs/architecture.md), and V8 refuses a cache made under other flags

  const trainer = `const { loadCli } = require(${JSON.stringify(join(root, 'scripts/exe-loader.cjs'))})
const fs = require('node:fs')
const { exports: cli, script } = loadCli(fs.readFileSync(${JSON.stringify(cliScript)}, 'latin1'))
;(async () => {
  for (const argv of ${JSON.stringify(training)}) {
    const code = await cli.main(argv)
    if (code !== 0) throw new Error('training run failed: ' + argv.join(' ') + ' exited ' + code)
  }
  fs.writeFileSync(${JSON.stringify(cliCache)}, script.createCachedData())
})()
`
  execFileSync(process.execPath, ['-e', trainer], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      AGENTRY_CONFIG_DIR: work,
      AGENTRY_STATE_DIR: join(work, 'state'),
      AGENTRY_BASE_URL: field('base-url'),
      AGENTRY_ACCOUNT: field('account'),
      AGENTRY_API_KEY: field('api-key'),
      NO_COLOR: '1',
    },
  })
} finally {
  emulator.kill('SIGTERM')
}
const check = `const { loadCli } = require(${JSON.stringify(join(root, 'scripts/exe-loader.cjs'))})
const { readFileSync } = require('node:fs')
const { script } = loadCli(readFileSync(${JSON.stringify(cliScript)}, 'latin1'), readFileSync(${JSON.stringify(cliCache)}))
if (script.cachedDataRejected) throw new Error('V8 refused the code cache of the training run')`
execFileSync(process.execPath, ['-e', check], { stdio: 'inherit' })

// The executable's main script: bin/agentry.js (the same start as the npm-installed command: --version and --help
// from text, no more loaded), its import of ../dist/cli.js replaced by the loader of the asset.
const cliFromAsset = {
  name: 'cli-from-asset',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/dist\/cli\.js$/ }, () => ({ path: 'cli', namespace: 'sea-cli' }))
    b.onLoad({ filter: /.*/, namespace: 'sea-cli' }, () => ({
      contents: `const { getRawAsset } = require('node:sea')
const { loadCli } = require('./exe-loader.cjs')
const r = loadCli(Buffer.from(getRawAsset('cli.js')).latin1Slice(), Buffer.from(getRawAsset('cli.cache')))
module.exports = r.exports`,
      resolveDir: join(root, 'scripts'),
      loader: 'js',
    }))
  },
}
const script = join(work, 'main.cjs')
await build({ ...esbuildCommon, entryPoints: [join(root, 'bin/agentry.js')], outfile: script, plugins: [cliFromAsset] })

const blob = join(work, 'sea.blob')
const config = join(work, 'sea-config.json')
writeFileSync(
  config,
  JSON.stringify({
    main: script,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    assets: { 'cli.js': cliScript, 'cli.cache': cliCache, 'jq-wasm.js': jqScript },
  }),
)
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] })

mkdirSync(dirname(out), { recursive: true })
const tmp = `${out}.tmp`
copyFileSync(process.execPath, tmp)
chmodSync(tmp, 0o755)
// Node's release binary carries its symbols and debug info (~18 MiB): a crash trace of the executable names no Node
// internals, as with most shipped binaries. Without `strip` (binutils) the copy stays as it is.
try {
  execFileSync('strip', ['--strip-all', tmp], { stdio: 'ignore' })
} catch {
  console.log('strip not found: the executable keeps the symbols of Node')
}
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
  `${out}: ${mib(statSync(out).size)} (bundle ${mib(statSync(cliScript).size)}, its code cache ${mib(statSync(cliCache).size)}, blob ${mib(statSync(blob).size)}), built in ${seconds} s`,
)
if (!process.env.AGENTRY_KEEP_SEA_BUILD) rmSync(work, { recursive: true, force: true })
