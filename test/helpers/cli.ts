// Spawns the BUILT cli (bin/agentry.cjs → dist/) with execa, the way a user or a CI job runs it: a temp
// AGENTRY_CONFIG_DIR, NO_COLOR=1, none of the developer's own AGENTRY_* variables. vitest's globalSetup
// (test/helpers/global-build.ts) rebuilds a stale dist/ from the current source before any test runs; a missing dist/ (e.g. a
// bad AGENTRY_E2E_ROOT) fails loudly instead of testing something stale or nothing at all.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execa, type ResultPromise } from 'execa'
import { tempDir } from './temp-dir.js'

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Where bin/ and dist/ are: the repository, or AGENTRY_E2E_ROOT (e.g. an unpacked `npm pack` of it). */
export const cliRoot = process.env.AGENTRY_E2E_ROOT ?? repoRoot
/** The CLI entry that `npm install -g` would put on the PATH. */
export const binPath = join(cliRoot, 'bin/agentry.cjs')

/** Throws unless the build exists. */
export function assertBuilt(): void {
  const cli = join(cliRoot, 'dist/cli.js')
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` before the e2e tests`)
}

/** A temp config dir, removed when the test finishes (or call the returned cleanup yourself). */
export function tempConfigDir(): string {
  return tempDir('agentry-e2e-')
}

/** Options of one CLI run. */
export interface CliOptions {
  /** AGENTRY_CONFIG_DIR (default: a new temp dir) */
  configDir?: string
  /** extra environment (merged over the clean one; undefined removes a variable) */
  env?: Record<string, string | undefined>
  /** bytes for stdin (default: none, stdin closed) */
  input?: string
  /** kill after this many ms (default 30 s) */
  timeoutMs?: number
}

/** The outcome of a run. */
export interface CliResult {
  exitCode: number
  stdout: string
  stderr: string
}

/**
 * The test's own environment minus the developer's setup: agentry's variables and the official tools'
 * (BRIGHTSY_API_KEY…), FORCE_COLOR and CI. Read once per worker (no test changes process.env: vitest.config.ts):
 * reading process.env costs ~70 µs a time, and the fast tier asks ~2,400 times.
 */
let testEnv: Record<string, string> | undefined
function ownEnv(): Record<string, string> {
  if (testEnv) return testEnv
  testEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(AGENTRY|BRIGHTSY)_/.test(k) && k !== 'FORCE_COLOR' && k !== 'CI') testEnv[k] = v
  return testEnv
}

/** The environment of a spawned CLI: the test's own, minus AGENTRY_* and colour settings, plus NO_COLOR=1. */
export function cliEnv(configDir: string, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { ...ownEnv() }
  env.NO_COLOR = '1'
  env.AGENTRY_CONFIG_DIR = configDir
  // the local log and input history (src/config/paths.ts) stay inside the test's dir too
  env.AGENTRY_STATE_DIR = join(configDir, 'state')
  env.AGENTRY_CACHE_DIR = join(configDir, 'cache')
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  return env
}

/** Starts the built CLI without waiting for it (to read stderr while it runs, or to send it a signal). */
export function spawnCli(args: string[], opts: CliOptions = {}): ResultPromise<{ reject: false }> {
  assertBuilt()
  const configDir = opts.configDir ?? tempConfigDir()
  return execa(process.execPath, [binPath, ...args], {
    env: cliEnv(configDir, opts.env),
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
    timeout: opts.timeoutMs ?? 30_000,
    ...(opts.input !== undefined ? { input: opts.input } : { stdin: 'ignore' }),
  }) as ResultPromise<{ reject: false }>
}

/** Runs the built CLI to the end. */
export async function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  const r = await spawnCli(args, opts)
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') }
}
