#!/usr/bin/env node
// The only place that exits the process: it checks the Node version, turns on the compile cache,
// answers --version and --help from text made at build time (nothing else is loaded), and `__complete` of a command
// or flag from the command tree made at build time, then hands argv to run()
// and sets the exit code.
// CommonJS (.cjs, whatever package.json's "type" says), as are the three files it requires for those answers
// (dist/version.cjs, dist/help.cjs, dist/complete.cjs): an ES-module entry or an import() would start Node's ES-module
// loader, ~7 ms of CPU and ~2.5 MiB that these answers do not need. The CLI (dist/cli.js, ESM) is imported.
// 22.13: node:sqlite (the chat log) without a flag, and process.getBuiltinModule (the chunks' require)
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`agentry: Node ${process.versions.node} is too old; install Node 22.13 or newer (https://nodejs.org).\n`)
  process.exit(1)
}
;(async () => {
  const argv = process.argv.slice(2)
  const only = argv.length === 1 ? argv[0] : undefined
  if (only === '--version' || only === '-V') {
    const { version } = require('../dist/version.cjs')
    process.stdout.write(`${version}\n`)
    return
  }
  if (only === '--help' || only === '-h') {
    // The same text commander would print at this width; a narrower terminal gets commander's own wrapping.
    const { narrow, wide, widest } = require('../dist/help.cjs')
    const cols = process.stdout.isTTY ? process.stdout.columns : undefined
    const text = cols === undefined || cols === 80 ? narrow : cols >= widest ? wide : undefined
    if (text !== undefined) {
      process.stdout.write(text)
      return
    }
  }
  if (argv[0] === '__complete' && argv[1] === '--') {
    // every TAB of shell completion: command and flag names, declared choices and files come from the command tree
    // made at build time; ids and saved profiles (undefined here) need the CLI
    const { complete } = require('../dist/complete.cjs')
    const lines = complete(argv.slice(2))
    if (lines !== undefined) {
      process.stdout.write(lines)
      return
    }
  }
  // The compile cache pays off only once real code loads (the fast paths above load one small file).
  try {
    require('node:module').enableCompileCache()
  } catch {}
  const { main } = await import('../dist/cli.js')
  process.exitCode = await main(argv)
})()
