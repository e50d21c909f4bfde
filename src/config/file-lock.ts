// The cross-process lock of agentry's own files: config.json and credentials.json are updated read → change →
// write atomically (src/io/atomic-file.ts, the one atomic writer) under it, so that parallel runs never lose each
// other's writes.
import { mkdir } from '../io/start-fs.js'
import { dirname } from 'node:path'
import { CliError } from '../errors.js'
import { cjsExports } from '../io/cjs.js'

/**
 * Runs fn while holding an exclusive lock on `file`: a sibling `<file>.lock` file naming its owner, taken over at once
 * when its owner is gone, after 15 s without an update when its owner cannot be known, never while its owner runs
 * (./lock-owner.ts).
 */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const [{ lock }, { ownedLockFs }] = await Promise.all([
    import('proper-lockfile').then(cjsExports),
    import('./lock-owner.js'),
  ])
  const stale = 10_000
  // a lock without a known owner (an older agentry killed between its mkdir and its owner file; another host's): its
  // holder, if any, would have refreshed it 7 times meanwhile; the waiters' retries last ~30 s
  const unknownOwnerAge = 15_000
  let release: () => Promise<void>
  let compromised: Error | undefined
  try {
    release = await lock(file, {
      realpath: false,
      // The lock's mtime is refreshed every 2 s while held (even during a slow token refresh); whether a waiter may
      // take it over is lock-owner.ts' answer, not the mtime's (stale here is the holder's own compromise check).
      stale,
      fs: ownedLockFs(`${file}.lock`, unknownOwnerAge),
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
