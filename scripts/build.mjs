// Bundles src/ into dist/ with esbuild: ESM, code splitting so each command group loads only when it runs.
// `--outdir <dir>` writes there instead of dist/ (the release builds in its own folder: scripts/release.mjs).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { lazyChildProcess, lazyHttp2, ownZod } from './esbuild-plugins.mjs'

// undici's HTTP/1 parser is WebAssembly kept as base64 in four modules (~320 KB, 40% of undici's chunk): llhttp with
// and without SIMD, and the experimental Milo (only with UNDICI_USE_MILO=1). Each is required on first use, but
// inside the chunk every process that sends a request reads and hashes them all. They are copied next to the chunk
// as CommonJS files instead and required from there (the banner's require), when undici needs one.
const wasmModules = /[\\/]undici[\\/]lib[\\/](llhttp[\\/]llhttp(_simd)?-wasm|milo[\\/](no-)?simd)\.js$/
const undiciWasmBeside = (chunkDir) => ({
  name: 'undici-wasm-aside',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/(llhttp|milo)\// }, async (args) => {
      if (args.pluginData === 'wasm') return undefined
      const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'wasm' })
      if (!wasmModules.test(r.path)) return undefined
      const name = r.path.split(/[\\/]/).slice(-2).join('-').replace(/\.js$/, '.cjs')
      mkdirSync(`${chunkDir}/undici`, { recursive: true })
      const base64 = /^const wasmBase64 = '([A-Za-z0-9+/=]+)'$/m.exec(readFileSync(r.path, 'utf8'))?.[1]
      if (base64 === undefined) copyFileSync(r.path, `${chunkDir}/undici/${name}`)
      else {
        // llhttp's module only exports its WebAssembly as a Buffer decoded from base64: the bytes are written as a
        // .wasm file and read as they are (~0.7 ms less than parsing and decoding 72 KB of base64 on each request)
        const wasm = name.replace(/\.cjs$/, '.wasm')
        writeFileSync(`${chunkDir}/undici/${wasm}`, Buffer.from(base64, 'base64'))
        writeFileSync(
          `${chunkDir}/undici/${name}`,
          `'use strict'\nmodule.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(wasm)}))\n`,
        )
      }
      return { path: `./undici/${name}`, external: true }
    })
  },
})

// The core chunk (src/core-chunk.ts says why and what is in it). Each module of src/ that is loaded with import(),
// and each entry point, imports the core first when it reaches any module of the core by static imports: then every
// module of the core is reached by the same entry points, and esbuild writes the core as one chunk. A module inside
// the core never imports the core (no import cycle); a module inside the core that is loaded with import() would
// split it again, so the build refuses it. The graph comes from a first, quick pass of esbuild (packages left out).
// The import goes on the module's first line, so that source maps hold. (The loop below takes several cores, each
// holding what the ones before it do not: there were two, the base core and the API stack, until one measured better;
// docs/architecture.md "Start-up budget".)
const coreChunks = ['src/core-chunk.ts']
async function coreImports(entryPoints) {
  const { metafile } = await build({
    entryPoints: [...Object.values(entryPoints), ...coreChunks],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: 'dist',
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const edges = new Map(
    Object.entries(metafile.inputs).map(([file, v]) => [
      file,
      v.imports.filter((i) => !i.external).map((i) => ({ path: i.path, dynamic: i.kind === 'dynamic-import' })),
    ]),
  )
  const closure = (file) => {
    const seen = new Set()
    const visit = (f) => {
      if (seen.has(f)) return
      seen.add(f)
      for (const e of edges.get(f) ?? []) if (!e.dynamic) visit(e.path)
    }
    visit(file)
    return seen
  }
  const dynamic = new Set([...edges.values()].flat().flatMap((e) => (e.dynamic ? [e.path] : [])))
  const loadedLater = new Set([...Object.values(entryPoints), ...dynamic])
  const given = new Map() // module → the cores it imports first
  const before = new Set() // the modules of the cores before: a core holds only what they do not
  for (const core of coreChunks) {
    const whole = closure(core)
    const own = new Set([...whole].filter((f) => !before.has(f)))
    for (const f of own) before.add(f)
    const inside = [...own].filter((f) => f !== core && dynamic.has(f))
    if (inside.length)
      throw new Error(`core-chunks: ${inside.join(', ')} in the core of ${core} is loaded with import(): import it`)
    for (const file of loadedLater) {
      if (whole.has(file) || ![...closure(file)].some((f) => own.has(f))) continue
      given.set(resolve(file), [...(given.get(resolve(file)) ?? []), resolve(core)])
      edges.get(file)?.push({ path: core, dynamic: false }) // the next core sees that it reaches this one now
    }
  }
  return given
}
const coreChunk = (given) => ({
  name: 'core-chunks',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const cores = given.get(args.path)
      if (cores === undefined) return undefined
      const first = cores.map((c) => `import ${JSON.stringify(c)};`).join(' ')
      return { contents: `${first} ${readFileSync(args.path, 'utf8')}`, loader: 'ts' }
    })
  },
})

const outAt = process.argv.indexOf('--outdir')
const dist = outAt > 0 ? relative('.', resolve(process.argv[outAt + 1])) : 'dist'
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
rmSync(dist, { recursive: true, force: true })
mkdirSync(dist, { recursive: true })
// --version reads this tiny module and nothing else. It, dist/help.cjs and dist/complete.cjs are CommonJS, as is
// bin/agentry.cjs, which requires them: its fast paths never start Node's ES-module loader.
writeFileSync(`${dist}/version.cjs`, `exports.version = ${JSON.stringify(pkg.version)}\n`)

const common = {
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  define: { __AGENTRY_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins. The banner gets it without
  // an ESM `import … from 'node:module'`, whose facade would read every export of node:module once more
  // (process.getBuiltinModule: Node 22.3+; engines says 22.13).
  banner: { js: "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
}
// Two builds: the CLI (and the emulator it starts), whose chunks share the core chunk; and the public library
// (`import { createClient } from 'agentry'`, its .d.ts from `npm run build:types`), with chunks of its own, so that
// a program using the library never loads the CLI's core (commander, settings, output).
const cliEntries = { cli: 'src/cli.ts', emulator: 'src/emulator/index.ts' }
const cli = await build({
  ...common,
  entryPoints: cliEntries,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [
    coreChunk(await coreImports(cliEntries)),
    lazyHttp2,
    lazyChildProcess,
    undiciWasmBeside(`${dist}/chunks`),
    ownZod,
  ],
})
const library = await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  chunkNames: 'lib/[name]-[hash]',
  plugins: [lazyHttp2, lazyChildProcess, undiciWasmBeside(`${dist}/lib`), ownZod],
})
const built = {
  metafile: {
    inputs: { ...library.metafile.inputs, ...cli.metafile.inputs },
    outputs: { ...library.metafile.outputs, ...cli.metafile.outputs },
  },
}

// An ESM `import … from 'node:fs'` makes Node build the built-in's ESM facade, which reads every export once: that
// costs ~2 ms a module and runs each lazy getter (fs.promises and its streams, util.parseArgs, process.report,
// crypto.webcrypto…), loading internal modules `agents list` never uses. The chunks get `require()` (the banner's
// createRequire) for the built-ins instead, which reads only the names the code uses. One line becomes one line, so
// the source maps stay right; an import spread over several lines is left as it is.
function builtinImportsToRequire(code) {
  return code.replace(/^import ([^;\n]+) from "(node:[\w/]+)";$/gm, (line, clause, mod) => {
    const req = `require(${JSON.stringify(mod)})`
    const named = (list) =>
      list
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map((x) => {
          const [name, as = name] = x.split(/\s+as\s+/)
          return name === 'default' ? { whole: as } : { pair: name === as ? name : `${name}: ${as}` }
        })
    let m = /^\* as ([\w$]+)$/.exec(clause) ?? /^([\w$]+)$/.exec(clause)
    if (m) return `const ${m[1]} = ${req};`
    m = /^(?:([\w$]+), )?\{([^}]*)\}$/.exec(clause)
    if (!m) return line
    const parts = named(m[2])
    const whole = [m[1], ...parts.map((p) => p.whole)].filter(Boolean)
    const pairs = parts.filter((p) => p.pair).map((p) => p.pair)
    const first = whole[0]
    const decls = [...(first ? [`${first} = ${req}`] : []), ...whole.slice(1).map((w) => `${w} = ${first}`)]
    if (pairs.length) decls.push(`{ ${pairs.join(', ')} } = ${first ?? req}`)
    return `const ${decls.join(', ')};`
  })
}
// esbuild wraps each bundled CommonJS module (undici, proper-lockfile, the MCP SDK's dependencies…) in a factory
// written as a method, `__commonJS({ "path"(exports, module) { … } })`, which V8 compiles lazily, when the module is
// first required. Node's compile cache keeps only what was compiled with the module's top level, so every run
// compiled those factories again (undici's cache entry: 18 KB for a 468 KB chunk). Written as parenthesised
// function expressions they are compiled eagerly (V8's heuristic for functions about to be called), so the compile
// cache holds them (undici's entry: 213 KB): ~3 ms less CPU for `agents list` (bench/startup). Same lines, so the
// source maps stay right; the executable's build (scripts/build-exe.mjs) transforms every chunk with esbuild, and so
// fails on one that no longer parses.
function eagerCommonJsFactories(code) {
  return code.replace(
    /__commonJS\(\{\n( *)("[^"\n]+")\((exports, module|exports)\) \{\n([\s\S]*?)\n\1\}\n( *)\}\);/g,
    (_, indent, name, params, body, outer) =>
      `__commonJS({\n${indent}${name}: (function(${params}) {\n${body}\n${indent}})\n${outer}});`,
  )
}
/**
 * The code with every non-ASCII character written as a \uXXXX escape (a character past U+FFFF as its two halves),
 * which means the same in a string, a template, a regular expression and an identifier, and is plain text in a
 * comment. esbuild escapes strings only. Every output file is ASCII: a `…` or `–` in a doc comment esbuild keeps made
 * each core chunk a two-byte string, which Node's compile cache encoded back to UTF-8 to hash on every run (~4.8M of
 * the ~205M instructions of `agents list --json`, callgrind); and the executable (scripts/build-exe.mjs) makes a
 * one-byte string of each module without decoding UTF-8.
 */
const ascii = (code) => code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
// esbuild puts its own helpers (__commonJS, __toESM, __export) in a chunk of their own (no source file in it), and
// every chunk that reaches it without using a helper still imports it, for order alone (`import "./chunk-X.js";`):
// a file more for most commands, `agents list` among them (~0.4 ms and ~45 KiB of young objects, bench/startup). The
// chunk only defines functions, so the order cannot matter: such imports become an empty line (the source maps
// stay right), and a chunk that uses a helper keeps its import of it. The metafile then records only the imports left.
const helperChunks = Object.entries(built.metafile.outputs)
  .filter(([f, o]) => f.endsWith('.js') && Object.keys(o.inputs).length === 0 && o.imports.length === 0)
  .map(([f]) => f)
function withoutBareHelperImports(file, code) {
  let out = code
  for (const helper of helperChunks) {
    const path = relative(dirname(file), helper)
    out = out.replaceAll(`\nimport "./${path}";\n`, '\n\n')
    if (!out.includes(`"./${path}"`))
      built.metafile.outputs[file].imports = built.metafile.outputs[file].imports.filter((i) => i.path !== helper)
  }
  return out
}
for (const file of Object.keys(built.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(file, 'utf8')
  const out = ascii(eagerCommonJsFactories(builtinImportsToRequire(withoutBareHelperImports(file, code))))
  if (out !== code) writeFileSync(file, out)
}
writeFileSync(`${dist}/meta.json`, JSON.stringify(built.metafile))

// V8 compiles a function on its first call, and Node's compile cache keeps only what was compiled with a module's
// top level: every run compiled again each function it calls (`agents list --json`: ~180 functions of the core,
// ~57 KB of their source, `node --log-function-events`). So the build trains: `agents list --json` runs once, in a
// process of its own against this build's emulator (in this process), and V8's coverage of that run
// (NODE_V8_COVERAGE) says which functions ran. Each of them that is a top-level function declaration is written
// `var f = (function f(…) {…})`, and each arrow function or function expression among them is wrapped in
// parentheses: V8 compiles a parenthesised function with the code around it (its heuristic for a function about to
// be called, as for esbuild's CommonJS factories above), so the compile cache holds its bytecode. Methods, getters
// and nested declarations keep their form (they have no parenthesised one). Same lines, so the source maps stay
// right. The module's own top level never calls these declarations before their line (it would find `undefined`,
// and every command would fail at once).
// `agents list --json` (bench/startup, against the build before, interleaved): 0.95–1.01× the wall time and
// 0.94–1.00× the CPU in six runs (−2% on the whole), −30 page faults, the core's cache entry 112 → 154 KB; ~0.7 s
// more a build (docs/architecture.md "Start-up budget").
const trainingRun = `const [cli, ...argv] = process.argv.slice(1)
const { main } = await import(cli)
process.exitCode = await main(argv)`
/**
 * The build's environment for the training run, without what would change the run: agentry's own settings, a proxy
 * (which takes a request to undici), NODE_OPTIONS.
 */
const ownEnvironment = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(agentry_|node_options$|(https?|no)_proxy$)/i.test(k)),
  )
async function trainedFunctions() {
  const { createEmulator } = await import(pathToFileURL(resolve(dist, 'emulator.js')).href)
  const emu = await createEmulator({ port: 0, seed: 'demo', scheduler: false, log: () => {} })
  const dir = mkdtempSync(join(tmpdir(), 'agentry-build-'))
  try {
    const cliUrl = pathToFileURL(resolve(dist, 'cli.js')).href
    const run = spawn(
      process.execPath,
      ['--input-type=module', '-e', trainingRun, cliUrl, 'agents', 'list', '--json'],
      {
        env: {
          ...ownEnvironment(),
          NODE_V8_COVERAGE: join(dir, 'coverage'),
          AGENTRY_BASE_URL: emu.baseUrl,
          AGENTRY_ACCOUNT: emu.accountId,
          AGENTRY_API_KEY: emu.demoApiKey,
          AGENTRY_CONFIG_DIR: dir,
          AGENTRY_STATE_DIR: join(dir, 'state'),
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    const [code] = await once(run, 'exit')
    if (code !== 0) throw new Error(`build: the training run (agents list --json) exited with ${code}`)
    /** dist file → the [start, end] offsets of each function that ran */
    const ran = new Map()
    const distUrl = pathToFileURL(resolve(dist)).href + '/'
    for (const f of readdirSync(join(dir, 'coverage')))
      for (const script of JSON.parse(readFileSync(join(dir, 'coverage', f), 'utf8')).result) {
        if (!script.url.startsWith(distUrl)) continue
        const spans = script.functions
          .map((fn) => fn.ranges[0])
          .filter((r) => r.count > 0 && r.startOffset > 0)
          .map((r) => [r.startOffset, r.endOffset])
        ran.set(join(dist, script.url.slice(distUrl.length)), spans)
      }
    return ran
  } finally {
    await emu.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
/**
 * The parentheses of a function that ran, as [offset, text] insertions: a top-level declaration becomes
 * `var f = (function f(…) {…})`; an arrow function or a function expression is wrapped as it is. A method, a getter,
 * a class or a nested declaration has no parenthesised form: undefined.
 */
function eagerForm(code, start, end) {
  const text = code.slice(start, Math.min(end, start + 300))
  const decl = /^(?:async )?function\*? ([\w$]+)\(/.exec(text)
  const atLineStart = code[start - 1] === '\n'
  if (decl && atLineStart)
    return code[end - 1] === '}'
      ? [
          [start, `var ${decl[1]} = (`],
          [end, ')'],
        ]
      : undefined
  const arrow = /^(?:async\s*)?(?:[\w$]+|\([\w$,\s]*\))\s*=>/.test(text)
  const expression = decl !== null || /^(?:async )?function\*?\s*\(/.test(text)
  const inExpression = /(?:[=(,:?!&|]|\breturn)$/.test(code.slice(Math.max(0, start - 12), start).trimEnd())
  return arrow || (expression && inExpression)
    ? [
        [start, '('],
        [end, ')'],
      ]
    : undefined
}
let eager = 0
for (const [file, spans] of await trainedFunctions()) {
  const code = readFileSync(file, 'utf8')
  const edits = spans.map(([start, end]) => eagerForm(code, start, end)).filter((e) => e !== undefined)
  eager += edits.length
  // from the last, so that the offsets before stay right
  let out = code
  for (const [at, text] of edits.flat().sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at)
  writeFileSync(file, out)
}
if (eager < 20) throw new Error(`build: the training run made ${eager} functions eager (expected dozens)`)

// `agentry --help` is the most-run command after --version: its text is rendered here, with the real program,
// and bin/agentry.cjs prints it without loading commander whenever the terminal is wide enough for the text to
// come out exactly as commander would print it (no line needs wrapping). Otherwise commander renders it live.
const { buildProgram, commandTree, Context } = await import(pathToFileURL(resolve(dist, 'cli.js')).href)
/** A Context that is never run, writing to `sink`. */
function quietContext(sink) {
  const io = {
    stdin: { isTTY: false },
    stdout: sink,
    stderr: sink,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    isCI: true,
    columns: () => 80,
    colorStdout: () => false,
    colorStderr: () => false,
    canPrompt: () => false,
    canAnimate: () => false,
    disableColor() {},
  }
  return new Context({ io, env: {}, version: pkg.version })
}
async function renderHelp(width) {
  let help = ''
  const sink = {
    write: (s) => {
      help += s
      return true
    },
    isTTY: false,
  }
  const program = await buildProgram(quietContext(sink), ['--help'])
  program.configureOutput({ writeOut: (s) => sink.write(s), getOutHelpWidth: () => width })
  program.outputHelp()
  return help
}
// Piped output: commander wraps at 80 columns. A terminal at least as wide as the longest line: no wrapping.
const narrow = await renderHelp(80)
const wide = await renderHelp(10_000)
const widest = Math.max(...wide.split('\n').map((l) => l.length))
writeFileSync(
  `${dist}/help.cjs`,
  ascii(
    `exports.narrow = ${JSON.stringify(narrow)}\nexports.wide = ${JSON.stringify(wide)}\nexports.widest = ${widest}\n`,
  ),
)

// `agentry __complete -- <words…>` runs at every TAB: bin/agentry.cjs answers it from dist/complete.cjs, the command
// tree of every group (made here with the real program) and the completion logic that needs no more
// (src/commands/completion/static.ts), whenever no id or saved profile is asked for. Otherwise the CLI runs it.
const nowhere = { write: () => true, isTTY: false }
const tree = commandTree(await buildProgram(quietContext(nowhere), ['--help']))
for (const [i, { name }] of tree.commands.entries()) {
  const program = await buildProgram(quietContext(nowhere), [name])
  tree.commands[i] = commandTree(program.commands.find((c) => c.name() === name))
}
await build({
  stdin: {
    contents: `import { staticLines } from './src/commands/completion/static.ts'
const tree = JSON.parse(${JSON.stringify(JSON.stringify(tree))})
export const complete = (words) => staticLines(tree, words)
`,
    resolveDir: '.',
    loader: 'js',
  },
  outfile: `${dist}/complete.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  logLevel: 'warning',
})
