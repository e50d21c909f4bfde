// The suite's tiers, by folder (docs/architecture.md "Where does a new test go"; test/helpers/tiers.ts). A new file
// lands in its folder's tier; a new folder under test/ lands in the in-process tier unless it is a process tier.
//
// In-process tiers (unit, emulator, in-process: the `fast` project) share their workers between files
// (`isolate: false`), worker threads of vitest's process: a file there must leave no global state behind (no
// process.env/cwd changes, no vi.mock, fake timers restored in `finally`).
// Process tiers (e2e, terminal, browser: the `process` project) spawn real processes, tmux or chromium; they share their workers as well (same
// rule: no global state left behind; their processes get their own environment).
// `npm run test:fast` runs the `fast` project only; `npm test` runs every tier.
import { defineConfig } from 'vitest/config'
import { workerV8Flags } from './scripts/vitest.mjs'
import SlowFirstSequencer from './test/helpers/slow-first-sequencer.js'
import { folderFiles, projectFolders } from './test/helpers/tiers.js'

// Every tier shares its workers between its files (`isolate: false`): a process-tier file leaves no global state
// behind either (its children, servers, tmux sessions, browsers and temp dirs end with it), and sharing saves each file
// a fresh worker's imports (the emulator's modules): 11 e2e files 34.6 s → 29.0 s of CPU, the terminal tier 28.0 s →
// 23.7 s (two runs each, interleaved, loaded machine). The tiers run in two projects (test/helpers/tiers.ts).
const processFiles = projectFolders('process').map(folderFiles)

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // the process project's; the fast project's workers are threads (below)
    pool: 'forks',
    isolate: false,
    // vitest's default is one worker less than the cores: ONE on a 2-core machine, which runs every file (and so every
    // tier) one after the other. Three workers on two cores (measured on this 2-core machine, quiet): the full suite
    // 146 s with two, 132 s with three, 143 s with four (each worker loads the in-process tiers' modules once more);
    // test:fast 51.6 s with two, 44.9 s with three. Process tests mostly wait on their children.
    maxWorkers: 3,
    // slowest files first across the tiers, so both workers end together (test/helpers/slow-first-sequencer.ts)
    sequence: { sequencer: SlowFirstSequencer },
    // dist/ is built from the current source before any file runs: a stale build can never pass
    globalSetup: ['./test/helpers/global-build.ts'],
    setupFiles: ['./test/helpers/fast-check-seed.ts'],
    // file-times: each file's own time, for bench/suite.mjs (written only when AGENTRY_FILE_TIMES names a file)
    reporters: ['default', './test/helpers/summary-reporter.ts', './test/helpers/file-times-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: processFiles,
          // Worker threads of vitest's process, not child processes: no fork, no pipe for every module and result, and
          // one copy of Node's own memory: in interleaved pairs the project took ~8% less CPU (docs/architecture.md
          // "Workers as threads"). A thread takes the V8 flags of its process, which scripts/vitest.mjs starts vitest
          // with (the npm scripts run it): those below, and the old generation starting at 256 MB (a fast worker
          // keeps every file's modules, ~130–200 MB live, and grew to it through ~10 major collections).
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: processFiles,
          // V8's garbage collector on the worker's own thread, and its optimising tiers up to Maglev (no Turbofan):
          // on two cores shared by three workers, vitest and the tests' processes, GC helper threads wait for a core,
          // and Turbofan compiles code a test file runs only briefly. The same flags as vitest's own process
          // (scripts/vitest.mjs), where the fast project's threads run: docs/architecture.md "V8's flags for the
          // workers". The CLI the tests spawn runs without them, as a user's does.
          execArgv: workerV8Flags,
        },
      },
    ],
  },
})
