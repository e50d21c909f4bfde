// vitest with V8's flags for its own process: the fast project's workers are threads of that process
// (vitest.config.ts), and a thread takes the flags of the process it runs in (a Worker's execArgv cannot carry V8
// flags). The process project's workers are child processes and get theirs (workerV8Flags) from the config's
// `execArgv`. The npm scripts run vitest through this file (`npm test`, `npm run test:fast`, `npm run bench --
// suite`); `npx vitest` still runs every test, without the flags. Measured in docs/architecture.md "V8's flags for the
// workers".
// Run: node scripts/vitest.mjs run [vitest's arguments]
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** V8's flags of every test worker: the process project's (vitest.config.ts `execArgv`) and vitest's own process's. */
export const workerV8Flags = ['--single-threaded-gc', '--max-opt=2']

/** V8's flags for vitest's process, where the fast project's threads run: theirs, and a 256 MB old generation. */
export const vitestV8Flags = [...workerV8Flags, '--initial-old-space-size=256']

/** vitest's own entry point (its package's bin). */
export const vitestEntry = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')

if (import.meta.main) {
  const child = spawn(process.execPath, [...vitestV8Flags, vitestEntry, ...process.argv.slice(2)], {
    stdio: 'inherit',
  })
  // Ctrl-C reaches vitest from the terminal (one process group); a signal sent to this process alone is passed on
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal)
      process.kill(process.pid, signal)
    } else process.exit(code ?? 1)
  })
}
