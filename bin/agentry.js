#!/usr/bin/env node
// The only place that exits the process: it checks the Node version, turns on the compile cache,
// answers --version without loading anything, then hands argv to run() and sets the exit code.
const [major] = process.versions.node.split('.').map(Number)
if (major < 22) {
  process.stderr.write(`agentry: Node ${process.versions.node} is too old; install Node 22 or newer (https://nodejs.org).\n`)
  process.exit(1)
}
import('node:module').then(async (mod) => {
  try {
    mod.enableCompileCache?.()
  } catch {}
  const argv = process.argv.slice(2)
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    const { version } = await import('../dist/version.js')
    process.stdout.write(`${version}\n`)
    return
  }
  const { main } = await import('../dist/cli.js')
  process.exitCode = await main(argv)
})
