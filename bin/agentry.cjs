#!/usr/bin/env node
// The only place that exits the process: it checks the Node version, turns on the compile cache,
// answers --version and --help from text made at build time (nothing else is loaded), and `__complete` of a command
// or flag from the command tree made at build time, then hands argv to run()
// and sets the exit code.
// CommonJS (.cjs, whatever package.json's "type" says), as are the three files it requires for those answers
// (dist/version.cjs, dist/help.cjs, dist/complete.cjs): those answers never start Node's ES-module loader. The CLI
// (dist/cli.js and its chunks, ES modules) is imported. No syntax newer than Node 12's, so that an old Node reaches the
// version check below.
// 22.19: the floor of every bundled package (undici 8's engines; node:sqlite without a flag and
// process.getBuiltinModule came in 22.13). test/library/node-floor.test.ts keeps this, engines and the README equal.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`agentry: Node ${process.versions.node} is too old; install Node 22.19 or newer (https://nodejs.org).\n`)
  process.exit(1)
}
;(async () => {
  const argv = process.argv.slice(2)
  const only = argv.length === 1 ? argv[0] : undefined
  if (only === '--version' || only === '-V') {
    const { version } = require('../dist/version.cjs')
    print(`${version}\n`)
    return
  }
  if (only === '--help' || only === '-h') {
    // The same text commander would print at this width; a narrower terminal gets commander's own wrapping.
    const { narrow, wide, widest } = require('../dist/help.cjs')
    // only a terminal has a width, and only then is process.stdout made (see print); node:tty loads node:net and
    // the streams, so a pipe or file (not a character device) is told apart first
    const terminal = require('node:fs').fstatSync(1).isCharacterDevice() && require('node:tty').isatty(1)
    const cols = terminal ? process.stdout.columns : undefined
    const text = cols === undefined || cols === 80 ? narrow : cols >= widest ? wide : undefined
    if (text !== undefined) {
      print(text)
      return
    }
  }
  if (argv[0] === '__complete' && argv[1] === '--') {
    // every TAB of shell completion: command and flag names, declared choices and files come from the command tree
    // made at build time; ids and saved profiles (undefined here) need the CLI
    const { complete } = require('../dist/complete.cjs')
    const lines = complete(argv.slice(2))
    if (lines !== undefined) {
      print(lines)
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

// The fast paths' answers go to fd 1 by fs.writeSync, not by process.stdout: making process.stdout (a net.Socket on
// a pipe, a tty.WriteStream on a terminal) costs ~11 ms of CPU and ~2-4 MiB, as much as the rest of the answer.
function print(text) {
  const bytes = Buffer.from(text)
  let at = 0
  try {
    while (at < bytes.length) at += require('node:fs').writeSync(1, bytes, at)
  } catch (e) {
    // the reader left (`agentry --help | head -1`): the run ends quietly with 0, as the CLI's (docs/exit-codes.md)
    if (e.code === 'EPIPE') return
    if (e.code !== 'EAGAIN') throw e
    // a stdout left non-blocking by whoever opened it, and full: the stream waits and writes the rest
    process.stdout.on('error', () => {})
    process.stdout.write(bytes.subarray(at))
  }
}
