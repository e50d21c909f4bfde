// Crash-safe file updates: read → change → write to a temp file, fsync, rename, all under a cross-process lock,
// so that parallel runs never lose each other's writes and a crash never leaves a half-written file.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { CliError } from '../errors.js'

/** Runs fn while holding an exclusive lock on `file` (a sibling `<file>.lock` directory; stale after 10 s). */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const { lock } = await import('proper-lockfile')
  let release: () => Promise<void>
  try {
    release = await lock(file, {
      realpath: false,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 400, minTimeout: 5, maxTimeout: 60, randomize: true },
    })
  } catch (err) {
    throw new CliError(`could not lock ${file}: ${(err as Error).message}`, {
      hint: `another agentry may be stuck; if none is running, remove ${file}.lock`,
    })
  }
  try {
    return await fn()
  } finally {
    await release().catch(() => {})
  }
}

/** Writes a file atomically: temp file in the same directory, fsync, chmod, rename over the target. */
export async function writeFileAtomic(file: string, data: string, mode: number): Promise<void> {
  const dir = dirname(file)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  const fh = await open(tmp, 'wx', mode)
  try {
    await fh.writeFile(data)
    await fh.sync()
  } catch (err) {
    await fh.close()
    await rm(tmp, { force: true })
    throw err
  }
  await fh.close()
  await chmod(tmp, mode)
  await rename(tmp, file)
  // fsync the directory so the rename itself survives a crash.
  const dh = await open(dir, 'r').catch(() => undefined)
  await dh?.sync().catch(() => {})
  await dh?.close()
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

/** The line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

/** Parses JSON, turning a syntax error into a CliError naming the file, line and column. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    const msg = (err as Error).message
    const pos = /position (\d+)/.exec(msg)
    const lc = /line (\d+) column (\d+)/.exec(msg)
    const where = lc
      ? `line ${lc[1]}, column ${lc[2]}`
      : pos
        ? (({ line, column }) => `line ${line}, column ${column}`)(lineColumn(text, Number(pos[1])))
        : 'end of file'
    throw new CliError(`${file} is not valid JSON (${where}): ${msg.replace(/ in JSON at position.*$/, '')}`, {
      hint: `fix or remove the file by hand (agentry never overwrites a broken file)`,
    })
  }
}

/** Fails when a secrets file can be read by group or others. */
export async function assertPrivate(file: string): Promise<void> {
  const st = await stat(file).catch(() => undefined)
  if (st && (st.mode & 0o077) !== 0) {
    throw new CliError(
      `${file} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); refusing to use it`,
      {
        exitCode: 4,
        hint: `run: chmod 600 ${file}`,
      },
    )
  }
}
