// Bundles src/ into dist/ with esbuild: ESM, code splitting so each command group loads only when it runs.
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
rmSync('dist', { recursive: true, force: true })
mkdirSync('dist', { recursive: true })
// --version reads this tiny module and nothing else.
writeFileSync('dist/version.js', `export const version = ${JSON.stringify(pkg.version)}\n`)

await build({
  // index: the public library (`import { createClient } from 'agentry'`); its .d.ts come from `npm run build:types`.
  entryPoints: { cli: 'src/cli.ts', emulator: 'src/emulator/index.ts', index: 'src/index.ts' },
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

// `agentry --help` is the most-run command after --version: its text is rendered here, with the real program,
// and bin/agentry.js prints it without loading commander whenever the terminal is wide enough for the text to
// come out exactly as commander would print it (no line needs wrapping). Otherwise commander renders it live.
const { buildProgram, Context } = await import('../dist/cli.js')
async function renderHelp(width) {
  let help = ''
  const sink = {
    write: (s) => {
      help += s
      return true
    },
    isTTY: false,
  }
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
  const program = await buildProgram(new Context({ io, env: {}, version: pkg.version }), ['--help'])
  program.configureOutput({ writeOut: (s) => sink.write(s), getOutHelpWidth: () => width })
  program.outputHelp()
  return help
}
// Piped output: commander wraps at 80 columns. A terminal at least as wide as the longest line: no wrapping.
const narrow = await renderHelp(80)
const wide = await renderHelp(10_000)
const widest = Math.max(...wide.split('\n').map((l) => l.length))
writeFileSync(
  'dist/help.js',
  `export const narrow = ${JSON.stringify(narrow)}\nexport const wide = ${JSON.stringify(wide)}\nexport const widest = ${widest}\n`,
)
