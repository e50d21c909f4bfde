// The name of a temp file written beside `path` before it takes its place (src/io/atomic-file.ts renames it over the
// target; src/config/lock-owner.ts links it as a lock): `.<name>.<pid>.<8 hex>.tmp`, so that the temp files a killed
// writer left are known by their writer's pid and swept once it no longer runs (sweepStrayTempFiles).
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

/** A fresh temp file name beside `path`, of this process. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
}

/** The pid of the writer that made `name`, when it is one of `path`'s temp files (tempPathFor). */
export function tempFileOf(path: string, name: string): number | undefined {
  const prefix = `.${basename(path)}.`
  if (!name.startsWith(prefix)) return undefined
  const m = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))
  return m ? Number(m[1]) : undefined
}
