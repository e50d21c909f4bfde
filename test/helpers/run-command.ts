// The in-process twin of runCli (test/helpers/cli.ts): the same arguments, options and result, but the command
// line runs through src/cli.ts `run()` in this process (a fresh Context per call, as a real process has), so a test
// of ordinary behaviour costs milliseconds instead of a Node start-up. The environment is the one a spawned CLI
// gets (cliEnv: the test's own minus AGENTRY_*, NO_COLOR=1, a temp config dir); the HTTP client may reach
// 127.0.0.1 only (the file's emulator, a local fake server); retries do not wait (noWait). What only a process shows (signals, pipes, exit of
// the real bin, byte-exact stdout, start-up) stays with runCli in test/e2e.
import { run } from '../../src/cli.js'
import { type CliOptions, type CliResult, cliEnv } from './cli.js'
import { tempDirPath } from './temp-dir.js'
import { noWait, type TestContext, type TestContextOptions, testContext } from './test-context.js'

/** Options of one in-process run: runCli's, plus what only a test context can inject. */
export interface RunCommandOptions extends Omit<CliOptions, 'timeoutMs'> {
  /** the clock of the run (default: the real one) */
  now?: TestContextOptions['now']
  /** the service's body limit (default 25 MiB) */
  bodyLimit?: number
  /** how the HTTP client waits between retries (default noWait(): retries do not wait on the real clock) */
  sleep?: TestContextOptions['sleep']
  /** opens a URL in a browser (default: none is opened; the run waits as for a user who never answers) */
  openBrowser?: TestContextOptions['openBrowser']
  /** stdout's reader leaves after this many characters (`| head`) */
  stdoutReaderLeavesAfter?: number
}

/**
 * A test context set up as runCli sets up a process (no base URL, account or key of the test's: pass them in env).
 * Only 127.0.0.1 is reachable: a run that falls back to the service's own URL fails instead of leaving the machine.
 */
function commandContext(opts: RunCommandOptions = {}): TestContext {
  // not made until the command writes there (no test can: the run is over when it gets the result)
  const configDir = opts.configDir ?? tempDirPath('agentry-e2e-')
  const env = cliEnv(configDir, opts.env)
  const t = testContext({
    configDir,
    // what cliEnv left out stays out (testContext's defaults would fill it in): a state dir removed by the test too
    env: {
      AGENTRY_BASE_URL: undefined,
      AGENTRY_ACCOUNT: undefined,
      AGENTRY_API_KEY: undefined,
      AGENTRY_STATE_DIR: undefined,
      ...env,
    },
    ...(opts.input !== undefined ? { stdin: opts.input } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}),
    ...(opts.openBrowser ? { openBrowser: opts.openBrowser } : {}),
    ...(opts.stdoutReaderLeavesAfter !== undefined ? { stdoutReaderLeavesAfter: opts.stdoutReaderLeavesAfter } : {}),
    sleep: opts.sleep ?? noWait(),
  })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  return t
}

/** Runs one command line in-process to the end: runCli's result, without spawning. */
export async function runCommand(args: string[], opts: RunCommandOptions = {}): Promise<CliResult> {
  const { done } = startCommand(args, opts)
  return done
}

/** A command line running in-process: its output so far, and its result once it ends. */
export interface RunningCommand {
  /** resolves when the command line has ended */
  done: Promise<CliResult>
  /** everything written to stdout / stderr so far */
  stdout(): string
  stderr(): string
  /** Ctrl-C (src/cli.ts turns SIGINT and SIGTERM into this): the run's own handler takes it, else the run aborts */
  interrupt(): void
}

/** Starts one command line in-process (runCommand without waiting): read its output while it runs. */
export function startCommand(args: string[], opts: RunCommandOptions = {}): RunningCommand {
  const t = commandContext(opts)
  const ctx = t.newContext()
  const done = run(args, ctx).then((exitCode) => ({ exitCode, stdout: t.stdout(), stderr: t.stderr() }))
  return { done, stdout: () => t.stdout(), stderr: () => t.stderr(), interrupt: () => void ctx.interrupt() }
}
