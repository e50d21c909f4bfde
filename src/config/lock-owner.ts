// Who holds a file lock, and when a waiter may take it from them (20 parallel writers must all be saved). The lock is a
// file whose content is its owner (pid, boot, host): written to a temp file first, then linked as the lock, so that the
// lock never exists without its owner (link fails when anything is there, a lock file or the lock directory of older
// agentry versions). proper-lockfile does the rest (retries, keeping the lock's mtime fresh, release at exit) through
// the `fs` built here, which takes and releases the lock this way and answers its "is it stale?" with what may be
// removed: a lock whose owner is gone (this host: another boot, or a pid that no longer runs) at once; one whose
// owner cannot be known (none, as an older agentry killed between its mkdir and its owner file left; another host's)
// only after a generous age without an update; one whose owner runs, never (a hung holder is reported after the
// retries: "could not lock", with the hint to remove the lock by hand). Removing is done holding a second lock
// (`<lock>.reap`), so that two waiters that found the same dead lock never remove the new lock the first one took.
import * as fs from 'node:fs'
import { link, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { hostname, uptime } from 'node:os'
import { join } from 'node:path'
import { tempPathFor } from '../io/temp-name.js'

/** The lock's holder. */
interface LockOwner {
  pid: number
  boot: string
  host: string
}

let bootCache: string | undefined

/** This boot: Linux's boot id, else the boot time to the minute (a pid means nothing across a reboot). */
export function bootId(): string {
  if (bootCache !== undefined) return bootCache
  try {
    bootCache = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    bootCache = `t${Math.round((Date.now() / 1000 - uptime()) / 60)}`
  }
  return bootCache
}

/** Is process `pid` running (on this machine and boot)? EPERM: it runs, as another user. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const me = (): LockOwner => ({ pid: process.pid, boot: bootId(), host: hostname() })

/** The owner of the lock at `lockPath`: the lock file's content, or the `owner` file of an older lock directory. */
function readOwner(lockPath: string): LockOwner | undefined {
  let text: string
  try {
    text = fs.readFileSync(lockPath, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EISDIR') return undefined
    try {
      text = fs.readFileSync(join(lockPath, 'owner'), 'utf8')
    } catch {
      return undefined
    }
  }
  try {
    const o = JSON.parse(text) as Partial<LockOwner>
    if (typeof o.pid !== 'number' || typeof o.boot !== 'string' || typeof o.host !== 'string') return undefined
    return o as LockOwner
  } catch {
    return undefined
  }
}

/** Is this owner known to be gone: this host, and another boot or a pid that no longer runs? */
function gone(o: LockOwner | undefined): boolean {
  if (o === undefined || o.host !== hostname()) return false
  if (o.boot !== bootId()) return true
  return o.pid !== process.pid && !pidAlive(o.pid)
}

/** Is the owner of the lock at `lockPath` known to be gone (see gone)? */
export const ownerGone = (lockPath: string): boolean => gone(readOwner(lockPath))

/**
 * May a waiter remove the lock at `lockPath`? Its owner is gone (ownerGone); or its owner cannot be known (none,
 * another host's) and it has gone `ageMs` without an update. Never while an owner on this host runs.
 */
function lockRemovable(lockPath: string, ageMs: number): boolean {
  const o = readOwner(lockPath)
  if (o !== undefined && o.host === hostname()) return gone(o)
  try {
    return fs.statSync(lockPath).mtimeMs < Date.now() - ageMs
  } catch {
    return false
  }
}

const locked = () => Object.assign(new Error('the lock is held'), { code: 'ELOCKED' })

/**
 * Creates `path` with this process as its owner, whole or not at all (a temp file beside `lockPath`, linked as `path`:
 * EEXIST when anything is there). Returns the lock's inode, by which its holder knows it.
 */
async function createOwned(path: string, lockPath: string): Promise<number> {
  const tmp = tempPathFor(lockPath)
  try {
    await writeFile(tmp, JSON.stringify(me()), { flag: 'wx', mode: 0o600 })
    const { ino } = await stat(tmp)
    await link(tmp, path)
    return ino
  } finally {
    await unlink(tmp).catch(() => {})
  }
}

/** Removes `path` at once, file or directory (renamed away first, then removed). */
async function removeWhole(path: string, lockPath: string): Promise<void> {
  const grave = tempPathFor(lockPath)
  try {
    await rename(path, grave)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  await rm(grave, { recursive: true, force: true })
}

/**
 * Removes the lock at `lockPath` if it may be (lockRemovable), holding `<lock>.reap` meanwhile: ELOCKED otherwise.
 * A `.reap` left by a waiter killed while it held it goes the same way (its owner gone, or its age).
 */
async function reap(lockPath: string, ageMs: number): Promise<void> {
  const reaper = `${lockPath}.reap`
  try {
    await createOwned(reaper, lockPath)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    if (lockRemovable(reaper, ageMs)) await removeWhole(reaper, lockPath)
    throw locked()
  }
  try {
    if (!lockRemovable(lockPath, ageMs)) throw locked()
    await removeWhole(lockPath, lockPath)
  } finally {
    await unlink(reaper).catch(() => {})
  }
}

type Callback<T = void> = (err: NodeJS.ErrnoException | null, value?: T) => void

/**
 * The `fs` for proper-lockfile's lock at `lockPath` (its `mkdir`, `stat`, `rmdir` of that path; the rest is node's):
 * taken with its owner (createOwned), stale when it may be removed (lockRemovable, `ageMs` for a lock whose owner
 * cannot be known), removed by a waiter only through reap, released by its holder only while it is still theirs.
 */
export function ownedLockFs(lockPath: string, ageMs: number): typeof fs {
  const mine = (p: fs.PathLike) => String(p) === lockPath
  let held: number | undefined
  const release = () => {
    try {
      if (held !== undefined && fs.statSync(lockPath).ino === held) fs.unlinkSync(lockPath)
    } catch {
      // already gone
    }
    held = undefined
  }
  return {
    ...fs,
    mkdir: ((p: fs.PathLike, cb: Callback) => {
      if (!mine(p)) return fs.mkdir(p, cb)
      createOwned(lockPath, lockPath).then((ino) => {
        held = ino
        cb(null)
      }, cb)
    }) as typeof fs.mkdir,
    stat: ((p: fs.PathLike, cb: Callback<fs.Stats>) =>
      fs.stat(p, (err, st) => {
        if (err || !mine(p) || st.ino === held) return cb(err, st)
        // a waiter's "is it stale?": whether it may be removed, whatever its mtime says
        st.mtime = lockRemovable(lockPath, ageMs) ? new Date(0) : new Date()
        cb(null, st)
      })) as typeof fs.stat,
    rmdir: ((p: fs.PathLike, cb: Callback) => {
      if (!mine(p)) return fs.rmdir(p, cb)
      if (held !== undefined) {
        release()
        return cb(null)
      }
      reap(lockPath, ageMs).then(() => cb(null), cb)
    }) as typeof fs.rmdir,
    // proper-lockfile's release at exit
    rmdirSync: ((p: fs.PathLike) => (mine(p) ? release() : fs.rmdirSync(p))) as typeof fs.rmdirSync,
  }
}
