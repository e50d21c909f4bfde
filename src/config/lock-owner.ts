// Who holds a file lock, so that a lock whose owner is gone is taken over at once rather than after the 10 s of
// staleness: the holder's pid, boot and host, written in an `owner` file inside proper-lockfile's
// lock directory. proper-lockfile works through the `fs` it is given; the one built here writes the owner when the
// lock directory is made (before proper-lockfile sets its mtime, so its compromise check is not set off), removes it
// when the lock is released, and shows a lock whose owner is dead as stale (an mtime at the epoch), so proper-lockfile's
// own take-over removes it and tries again.
import * as fs from 'node:fs'
import { hostname, uptime } from 'node:os'
import { join } from 'node:path'

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

function readOwner(lockDir: string): LockOwner | undefined {
  try {
    const o = JSON.parse(fs.readFileSync(join(lockDir, 'owner'), 'utf8')) as Partial<LockOwner>
    if (typeof o.pid !== 'number' || typeof o.boot !== 'string' || typeof o.host !== 'string') return undefined
    return o as LockOwner
  } catch {
    return undefined
  }
}

/** Is the lock's owner known to be gone: this host, and another boot or a pid that no longer runs? */
export function ownerGone(lockDir: string): boolean {
  const o = readOwner(lockDir)
  if (o === undefined || o.host !== hostname()) return false
  if (o.boot !== bootId()) return true
  return o.pid !== process.pid && !pidAlive(o.pid)
}

/** Has the lock gone without an update for `staleMs` (a hung holder; gone: false)? */
function mtimeStale(lockDir: string, staleMs: number): boolean {
  try {
    return fs.statSync(lockDir).mtimeMs < Date.now() - staleMs
  } catch {
    return false
  }
}

type Callback<T = void> = (err: NodeJS.ErrnoException | null, value?: T) => void

/**
 * The `fs` for proper-lockfile on `lockDir`: owner written at mkdir, removed at rmdir, a dead owner's lock stale.
 * `staleMs` is proper-lockfile's own threshold: a live holder's lock is removed only once its mtime is that old.
 */
export function ownedLockFs(lockDir: string, staleMs: number): typeof fs {
  const mine = (p: fs.PathLike) => String(p) === lockDir
  return {
    ...fs,
    mkdir: ((p: fs.PathLike, cb: Callback) =>
      fs.mkdir(p, (err) => {
        if (err || !mine(p)) return cb(err)
        fs.writeFile(join(lockDir, 'owner'), JSON.stringify(me()), { mode: 0o600 }, () => cb(null))
      })) as typeof fs.mkdir,
    rmdir: ((p: fs.PathLike, cb: Callback) => {
      if (!mine(p)) return fs.rmdir(p, cb)
      // never the lock of a live holder (two waiters that both found it stale: the second must not remove the
      // first one's new lock); its own, a dead one's, or one without an owner (stale by its mtime) may go
      const o = readOwner(lockDir)
      if (o && o.pid !== process.pid && !ownerGone(lockDir) && !mtimeStale(lockDir, staleMs))
        return cb(Object.assign(new Error('the lock is held'), { code: 'ELOCKED' }))
      fs.rm(join(lockDir, 'owner'), { force: true }, () => fs.rmdir(p, cb))
    }) as typeof fs.rmdir,
    stat: ((p: fs.PathLike, cb: Callback<fs.Stats>) =>
      fs.stat(p, (err, st) => {
        if (err || !mine(p) || !ownerGone(lockDir)) return cb(err, st)
        // the owner is gone: stale now, whatever its mtime says
        st.mtime = new Date(0)
        cb(null, st)
      })) as typeof fs.stat,
  }
}
