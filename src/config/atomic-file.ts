// Crash-safe file updates: read → change → write atomically (src/io/atomic-file.ts), all under a cross-process
// lock, so that parallel runs never lose each other's writes and a crash never leaves a half-written file.
import { mkdir as mkdirCallback, readFile as readFileCallback, stat as statCallback } from 'node:fs'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import { CliError, ExitCode } from '../errors.js'
import { jsonSyntaxError, lineColumn } from './json-locate.js'
import { cjsExports } from '../io/cjs.js'

// Every run reads the config here: node:fs/promises would load readline and the REPL's history with it (and
// node:fs, node:util load with Node anyway), so the callback API, promisified (docs/architecture.md, Start-up)
const mkdir = promisify(mkdirCallback)
const readFile = promisify(readFileCallback)
const stat = promisify(statCallback)

/**
 * Runs fn while holding an exclusive lock on `file` (a sibling `<file>.lock` directory; stale after 10 s without an
 * update, or at once when its owner is gone).
 */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const [{ lock }, { ownedLockFs }] = await Promise.all([
    import('proper-lockfile').then(cjsExports),
    import('./lock-owner.js'),
  ])
  const stale = 10_000
  let release: () => Promise<void>
  let compromised: Error | undefined
  try {
    release = await lock(file, {
      realpath: false,
      // The lock's mtime is refreshed every 2 s while held (even during a slow token refresh), so a holder that hung
      // for 10 s is taken over; one that is gone (its pid, on this boot: lock-owner.ts) is taken over at once.
      stale,
      fs: ownedLockFs(`${file}.lock`, stale),
      update: 2_000,
      retries: { retries: 600, minTimeout: 5, maxTimeout: 50, randomize: true },
      // The default handler throws from a timer and crashes the process; report it at the end of fn instead.
      onCompromised: (err) => {
        compromised = err
      },
    })
  } catch (err) {
    throw new CliError(`could not lock ${file}: ${(err as Error).message}`, {
      hint: `another agentry may be stuck; if none is running, remove ${file}.lock`,
    })
  }
  try {
    const result = await fn()
    if (compromised) throw new CliError(`lost the lock on ${file} while updating it: ${compromised.message}`)
    return result
  } finally {
    await release().catch(() => {})
  }
}

/** Reads a file as text, or undefined when it does not exist. */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`, { hint: 'check the file permissions' })
  }
}

/**
 * Parses JSON, turning a syntax error into a CliError naming the file, line and column. The message is our own:
 * V8's quotes a piece of the text, which in credentials.json would be a secret.
 */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    const e = jsonSyntaxError(text) ?? { offset: 0, message: 'not valid JSON' }
    const { line, column } = lineColumn(text, e.offset)
    throw new CliError(`${file}:${line}:${column}: not valid JSON: ${e.message} (line ${line}, column ${column})`, {
      hint: 'fix or remove the file by hand (agentry never overwrites a broken file)',
    })
  }
}

/** Fails when a secrets file can be read by group or others. */
export async function assertPrivate(file: string): Promise<void> {
  // POSIX modes mean nothing on Windows, where the profile directory's ACL protects the file.
  if (process.platform === 'win32') return
  const st = await stat(file).catch(() => undefined)
  if (st && (st.mode & 0o077) !== 0) {
    throw new CliError(
      `${file} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); refusing to use it`,
      {
        exitCode: ExitCode.auth,
        hint: `run: chmod 600 ${file}`,
      },
    )
  }
}
