// `npm run build:exe`: agentry as ONE executable for this machine (Node's single-executable applications), which
// needs no Node beside it. Run after `npm run build` (it reads dist/version.cjs, dist/help.cjs and dist/complete.cjs,
// what --version, --help and a TAB answer from). Output: exe/agentry, or the path given as the first argument.
// `--from <dir>`: the package folder whose bin/ and dist/ it is built from (the release's own build), not the
// repository's.
//
// 1. The CLI as the npm build made it (dist/cli.js, dist/emulator.js, dist/chunks/*: ES modules split by chunk), each
//    file made CommonJS by esbuild's transform (import() of a chunk as require) and kept as an asset of its own: a
//    run reads and compiles only the modules it loads (`agents list --json` ~250 KB of the CLI's ~5 MiB). They are
//    assets, not the main script: --version and --help never read them.
// 2. V8's code cache of each module after a training run (the commands people run most, against an emulator), so
//    that a start compiles almost nothing: a cache made when a script is compiled (Node's `useCodeCache`) holds only
//    its top level (scripts/exe-loader.cjs); modules the training run does not load get that top-level cache.
// 3. The main script: bin/agentry.cjs, the same start as the npm-installed command, its `import('../dist/cli.js')`
//    replaced by the loader of the assets.
// 4. jq (jq-wasm's Emscripten module, for `--jq`) as an asset of its own, read only by a run that asks for it, and
//    run by a worker thread (src/io/jq.ts).
// 5. Node writes the blob (`--experimental-sea-config`), and scripts/elf-inject.mjs puts it into a copy of the Node
//    that runs this script (the project's Node 24), stripped of its symbols, as postject would, without rewriting
//    the binary. About 113 MiB, Node itself being 103 MiB of it. On macOS and Windows (their release runners only),
//    postject does it.
// The time of each step is printed with the result.
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { build, transform } from 'esbuild'
import { injectNote } from './elf-inject.mjs'

// Linux: scripts/elf-inject.mjs. macOS and Windows: Node's own injector, postject (fetched by npx on their release
// runners, .github/workflows/release.yml), as Node's single-executable guide does it: on macOS the blob goes into a
// NODE_SEA Mach-O segment of an unsigned copy, signed again (ad hoc) after; on Windows into a PE resource. Those two
// are built and run only on their own runners: nothing here can check them.
if (!['linux', 'darwin', 'win32'].includes(process.platform)) {
  console.error(`build:exe: no injector for ${process.platform} (linux, darwin and win32 only)`)
  process.exit(1)
}
const postject = 'postject@1.0.0-alpha.6'
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const fromAt = process.argv.indexOf('--from')
const from = fromAt > 0 ? resolve(process.argv[fromAt + 1]) : root
const outArg = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--from')
const out = resolve(outArg ?? join(root, 'exe/agentry'))
const work = join(dirname(out), '.sea-build')
const started = performance.now()
// the time of each step, printed at the end (one line): where a build's time goes
const steps = []
let stepStart = started
const step = (name) => {
  const now = performance.now()
  steps.push(`${name} ${((now - stepStart) / 1000).toFixed(1)} s`)
  stepStart = now
}
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

const esbuildCommon = {
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  logLevel: 'warning',
  legalComments: 'none',
  minifyWhitespace: true, // less to read at each start
}
/**
 * A module as the loader runs it (scripts/exe-loader.cjs): a function of what CommonJS gives, and the URL. The loader
 * makes a one-byte string of it without decoding UTF-8, so it must be ASCII: the npm build writes every module so
 * (scripts/build.mjs `ascii`), and esbuild's transform keeps it so.
 */
const wrap = (name, code) => {
  if (/[^\0-\x7f]/.test(code)) throw new Error(`build:exe: ${name} is not ASCII (the npm build writes ASCII only)`)
  return `(function (exports, require, module, __agentryUrl, __dirname) {${code}\n})`
}
const modules = join(work, 'modules') // the assets, by the names the loader asks for
mkdirSync(join(modules, 'chunks'), { recursive: true })

// jq (`--jq`): jq-wasm's Emscripten module (jq compiled to WebAssembly, its 0.9 MiB of wasm inline as base64) as
// the asset jq.js, the text that src/io/jq-load.ts reads and a worker runs (src/io/jq-worker.ts): only a run with
// --jq reads it.
const jqGlue = join(root, 'node_modules/jq-wasm/dist/build/jq.js')

// The npm build's files, each made CommonJS. What the npm build does differently, undone here:
// - each chunk's banner makes `require` with createRequire(import.meta.url): the loader gives it instead;
// - import.meta.url is the executable's URL (a parameter of the wrapper);
// - import() of a chunk or a built-in becomes require(): a vm.Script has no import() without
//   --experimental-vm-modules;
// - undici's WebAssembly parsers, kept beside its chunk as .cjs reading a .wasm file: an asset each, the bytes read
//   from the executable.
const dist = join(from, 'dist')
const banner = "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);\n"
const distNames = [
  'cli.js',
  'emulator.js',
  ...readdirSync(join(dist, 'chunks'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `chunks/${f}`),
]
const files = {} // each module's file, by the name the loader asks for
await Promise.all(
  distNames.map(async (name) => {
    let code = readFileSync(join(dist, name), 'utf8')
    if (!code.startsWith(banner)) throw new Error(`build:exe: dist/${name} does not start with the chunks' banner`)
    code = code.slice(banner.length)
    const { code: cjs } = await transform(code, {
      ...esbuildCommon,
      define: { 'import.meta.url': '__agentryUrl' },
      supported: { 'dynamic-import': false },
    })
    writeFileSync(join(modules, name), wrap(name, cjs))
    files[name] = join(modules, name)
  }),
)
mkdirSync(join(modules, 'chunks/undici'))
for (const f of readdirSync(join(dist, 'chunks/undici'))) {
  const name = `chunks/undici/${f}`
  if (f.endsWith('.wasm')) copyFileSync(join(dist, name), join(modules, name))
  else {
    const wasm = /readFileSync\(require\('node:path'\)\.join\(__dirname, "([\w.-]+\.wasm)"\)\)/.exec(
      readFileSync(join(dist, name), 'utf8'),
    )?.[1]
    const code = wasm
      ? `module.exports = Buffer.from(require('node:sea').getRawAsset(${JSON.stringify(`chunks/undici/${wasm}`)}))`
      : readFileSync(join(dist, name), 'utf8')
    writeFileSync(join(modules, name), wrap(name, code))
  }
  files[name] = join(modules, name)
}
step('modules')

// The code caches after a training run: the commands people run most, against an emulator, in one process on this
// Node (the same V8 as the executable's), through the same loader. A module the run does not load gets the cache of
// its compile (its top level).
// V8's flags of the executable (the blob's execArgv), also those of the training run and of the checks: V8 refuses a
// code cache made under other flags. Semi-spaces of 4 MiB from the start: `agents list --json` then runs without a
// young-generation collection (two before; −7% CPU, docs/architecture.md).
const execArgv = ['--min-semi-space-size=4']
const emulator = spawn(process.execPath, [join(from, 'bin/agentry.cjs'), 'emulator', 'start', '--port', '0'], {
  stdio: ['ignore', 'pipe', 'ignore'],
})
const source = (name) => {
  const file = files[name]
  return file && !file.endsWith('.wasm') ? readFileSync(file, 'latin1') : undefined
}
const scriptNames = Object.keys(files)
  .filter((n) => !n.endsWith('.wasm'))
  .sort()
try {
  let text = ''
  while (!/^api-key: .+\n/m.test(text)) {
    const [chunk] = await once(emulator.stdout, 'data')
    text += chunk
  }
  const field = (name) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)[1]
  const training = [
    ['agents', 'list', '--json'],
    ['agents', 'get', 'demo-assistant'],
    ['__complete', '--', 'agents', 'l'],
    ['agents', '--help'],
  ] // not chat: it sets a V8 flag (docs/architecture.md), and V8 refuses a cache made under other flags
  const trainer = `const { moduleLoader } = require(${JSON.stringify(join(root, 'scripts/exe-loader.cjs'))})
const fs = require('node:fs')
const vm = require('node:vm')
const files = ${JSON.stringify(files)}
const source = (name) => (files[name] ? fs.readFileSync(files[name], 'latin1') : undefined)
const { load, loaded } = moduleLoader(source, () => undefined)
;(async () => {
  const cli = load('cli.js')
  for (const argv of ${JSON.stringify(training)}) {
    const code = await cli.main(argv)
    if (code !== 0) throw new Error('training run failed: ' + argv.join(' ') + ' exited ' + code)
  }
  for (const name of ${JSON.stringify(scriptNames)}) {
    const script = loaded.get(name)?.script ?? new vm.Script(source(name))
    fs.writeFileSync(files[name] + '.cache', script.createCachedData())
  }
})()
`
  execFileSync(process.execPath, [...execArgv, '-e', trainer], {
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
// V8 must take every cache (it refuses one made under other flags or from other source): checked in a process
// started with the executable's flags
const check = `const { readFileSync } = require('node:fs')
const { Script } = require('node:vm')
for (const [name, file] of Object.entries(${JSON.stringify(Object.fromEntries(scriptNames.map((n) => [n, files[n]])))})) {
  const script = new Script(readFileSync(file, 'latin1'), { cachedData: readFileSync(file + '.cache') })
  if (script.cachedDataRejected) throw new Error('V8 refused the code cache of ' + name)
}`
execFileSync(process.execPath, [...execArgv, '-e', check], { stdio: 'inherit' })
const caches = Object.fromEntries(scriptNames.map((n) => [n, readFileSync(`${files[n]}.cache`)]))
// The modules as three assets, not two per module: at every start Node reads the name and size of each asset of the
// blob, which with ~300 of them spread over 9 MiB touches (and maps) every page of it, ~8 MiB more peak RSS. All
// sources in one (ASCII), all caches in another (each at a multiple of 8: V8 copies a cache that is not aligned), and
// where each module's are (packedModules, scripts/exe-loader.cjs).
const index = {}
const sources = []
const cacheParts = []
let sourceAt = 0
let cacheAt = 0
for (const name of scriptNames) {
  const text = Buffer.from(source(name), 'latin1')
  const cache = caches[name]
  const pad = Buffer.alloc((8 - (cache.length % 8)) % 8)
  index[name] = [sourceAt, text.length, cacheAt, cache.length]
  sources.push(text)
  cacheParts.push(cache, pad)
  sourceAt += text.length
  cacheAt += cache.length + pad.length
}
const assets = {}
for (const [name, parts] of [
  ['modules.js', sources],
  ['modules.cache', cacheParts],
  ['modules.json', [Buffer.from(JSON.stringify(index))]],
]) {
  assets[name] = join(work, name)
  writeFileSync(assets[name], Buffer.concat(parts))
}
// undici's WebAssembly, read as bytes
for (const name of Object.keys(files).filter((n) => n.endsWith('.wasm'))) assets[name] = files[name]
assets['jq.js'] = jqGlue
step('training run')

// The executable's main script: bin/agentry.cjs (the same start as the npm-installed command: --version and --help
// from text, no more loaded), its import of ../dist/cli.js replaced by the loader of the assets.
const cliFromAsset = {
  name: 'cli-from-asset',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/dist\/cli\.js$/ }, () => ({ path: 'cli', namespace: 'sea-cli' }))
    b.onLoad({ filter: /.*/, namespace: 'sea-cli' }, () => ({
      contents: `const { getRawAsset } = require('node:sea')
const { moduleLoader, packedModules } = require('./exe-loader.cjs')
const { source, cache } = packedModules(getRawAsset)
module.exports = moduleLoader(source, cache).load('cli.js')`,
      resolveDir: join(root, 'scripts'),
      loader: 'js',
    }))
  },
}
// and without the compile cache bin/agentry.cjs turns on for the npm command: the executable's modules are no files
// of Node's loader, and node:module would load Node's source-map parser with it
const noCompileCache = {
  name: 'no-compile-cache',
  setup(b) {
    b.onLoad({ filter: /[\\/]bin[\\/]agentry\.cjs$/ }, (args) => {
      const marker = /\n *try \{\n *require\('node:module'\)\.enableCompileCache\(\)\n *\} catch \{\}\n/
      const src = readFileSync(args.path, 'utf8')
      if (!marker.test(src))
        throw new Error('build:exe: bin/agentry.cjs no longer turns on the compile cache as expected')
      return { contents: src.replace(marker, '\n'), loader: 'js' }
    })
  },
}
const script = join(work, 'main.cjs')
await build({
  ...esbuildCommon,
  bundle: true,
  entryPoints: [join(from, 'bin/agentry.cjs')],
  outfile: script,
  plugins: [cliFromAsset, noCompileCache],
})

// OpenSSL's config of the executable: none. A path every system has, read as an empty file.
const emptyOpenSslConfig = process.platform === 'win32' ? 'NUL' : '/dev/null'
const blob = join(work, 'sea.blob')
const config = join(work, 'sea-config.json')
writeFileSync(
  config,
  JSON.stringify({
    main: script,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    // The executable is agentry, not a Node runtime that an environment variable turns into another program:
    // NODE_OPTIONS is not read (no --require, --import, --inspect…); no inspector on SIGUSR1; an empty OpenSSL
    // config instead of OPENSSL_CONF's (a config can load engines: code). Node's options, not V8's: the code caches
    // hold. Not covered here: variables Node reads at start-up for diagnostics (NODE_DEBUG, NODE_V8_COVERAGE…),
    // which load no code. test/e2e/single-executable.test.ts proves NODE_OPTIONS and OPENSSL_CONF are ignored.
    execArgv: [...execArgv, '--disable-sigusr1', `--openssl-config=${emptyOpenSslConfig}`],
    execArgvExtension: 'none',
    assets,
  }),
)
execFileSync(process.execPath, [...execArgv, '--experimental-sea-config', config], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
step('main script and blob')

mkdirSync(dirname(out), { recursive: true })
const tmp = `${out}.tmp`
// Node's release binary carries its symbols and debug info (~18 MiB): a crash trace of the executable names no Node
// internals, as with most shipped binaries. strip (binutils) writes the copy; without it, the copy keeps them.
if (process.platform === 'linux') {
  try {
    execFileSync('strip', ['--strip-all', '-o', tmp, process.execPath], { stdio: 'ignore' })
  } catch {
    console.log('strip not found: the executable keeps the symbols of Node')
    copyFileSync(process.execPath, tmp)
  }
  step('copy of node, stripped')
  injectNote(tmp, 'NODE_SEA_BLOB', readFileSync(blob), seaFuse)
} else {
  copyFileSync(process.execPath, tmp)
  const darwin = process.platform === 'darwin'
  if (darwin) execFileSync('codesign', ['--remove-signature', tmp], { stdio: 'inherit' })
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
  const segment = darwin ? ['--macho-segment-name', 'NODE_SEA'] : []
  execFileSync(npx, ['--yes', postject, tmp, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', seaFuse, ...segment], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (darwin) execFileSync('codesign', ['--sign', '-', tmp], { stdio: 'inherit' })
}
step('inject')
chmodSync(tmp, 0o755)
// a copy, not a rename: the file as strip and the injection wrote it started with ~30 MiB more peak RSS than a copy
// of it (measured here: Linux maps it from the page cache in larger pieces); the old file is removed first, so that
// a running old executable keeps its own
rmSync(out, { force: true })
copyFileSync(tmp, out)
rmSync(tmp)
step('copy out')
const size = (names) => names.reduce((sum, n) => sum + statSync(files[n]).size, 0)
const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `${out}: ${mib(statSync(out).size)} (${scriptNames.length} modules ${mib(size(scriptNames))}, their code caches ${mib(statSync(assets['modules.cache']).size)}, blob ${mib(statSync(blob).size)}), built in ${seconds} s (${steps.join(', ')})`,
)
if (!process.env.AGENTRY_KEEP_SEA_BUILD) rmSync(work, { recursive: true, force: true })
