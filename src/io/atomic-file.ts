// The one way agentry writes a file it must never leave half written (config and credentials, chat history and
// transcripts, resume states, `--out`/`--junit` files, the emulator's --data-file): the bytes go to a temp file beside
// the target, which is fsynced, given its mode and renamed over the target only when everything was written; the
// directory is fsynced so the rename itself survives a crash. A failure or a discard removes the temp file, so a
// failed or cancelled write never leaves a half file behind nor clobbers an older complete one. Whole contents:
// writeFileAtomic; streamed (chunks as they arrive): openAtomicFile or writeAtomically.
import { chmod, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { UsageError } from '../errors.js'
import { tempFileOf, tempPathFor } from './temp-name.js'

/** How an atomic file is created. */
export interface AtomicFileOptions {
  /** the file's exact mode (e.g. 0o600 for secrets); default 0o666 less the umask, as any new file */
  mode?: number
  /** create the directory (mode 0700) when missing; otherwise a missing directory is an error */
  createDir?: boolean
  /** the flag or name the path came from (`--out`): then a file that cannot be created is a usage error naming it */
  flag?: string
}

/** A file being written: chunks go to a temp file until commit() renames it into place. */
export interface AtomicFile {
  readonly path: string
  write(chunk: string | Uint8Array): Promise<void>
  /** fsync, close, set the mode and rename over `path` */
  commit(): Promise<void>
  /** close and remove the temp file (safe to call after commit: then it does nothing) */
  discard(): Promise<void>
}

/**
 * Removes the temp files of `path` that writers left when they were killed (kill -9, a crash: no discard ran),
 * those whose writer `gone(pid)` says is no longer running; returns how many. Call it holding `path`'s lock, so that
 * no live writer of it is at work.
 */
export async function sweepStrayTempFiles(path: string, gone: (pid: number) => boolean): Promise<number> {
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  let swept = 0
  for (const name of names) {
    const pid = tempFileOf(path, name)
    if (pid === undefined || pid === process.pid || !gone(pid)) continue
    await rm(join(dirname(path), name), { force: true })
    swept++
  }
  return swept
}

/** Opens a temp file beside `path`; see AtomicFileOptions for its mode, its directory and its errors. */
export async function openAtomicFile(path: string, opts: AtomicFileOptions = {}): Promise<AtomicFile> {
  const dir = dirname(path)
  if (opts.createDir) await mkdir(dir, { recursive: true, mode: 0o700 })
  const tmp = tempPathFor(path)
  let fh: FileHandle
  try {
    fh = await open(tmp, 'wx', opts.mode ?? 0o666)
  } catch (err) {
    if (opts.flag === undefined) throw err
    const code = (err as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? `the directory ${dir} does not exist` : (code ?? (err as Error).message)
    throw new UsageError(`${opts.flag} ${path}: cannot write there (${why})`)
  }
  const handle = fh
  let done = false
  return {
    path,
    async write(chunk) {
      // writeFile on a handle writes at its position until every byte is written (write() may write fewer)
      await handle.writeFile(chunk)
    },
    async commit() {
      await handle.sync()
      await handle.close()
      // open() applies the umask to the mode; chmod makes it exact (0600 for credentials)
      if (opts.mode !== undefined) await chmod(tmp, opts.mode)
      await rename(tmp, path)
      done = true
      const dh = await open(dir, 'r').catch(() => undefined)
      await dh?.sync().catch(() => {})
      await dh?.close()
    },
    async discard() {
      if (done) return
      done = true
      await handle.close().catch(() => {})
      await rm(tmp, { force: true })
    },
  }
}

/**
 * Runs `fn` with an atomic file at `path`: committed when fn resolves, discarded when it (or the commit) throws. By
 * default the path is the one `--out` named (a usage error names it when it cannot be created).
 */
export async function writeAtomically<T>(
  path: string,
  fn: (f: AtomicFile) => Promise<T>,
  opts: AtomicFileOptions = { flag: '--out' },
): Promise<T> {
  const f = await openAtomicFile(path, opts)
  try {
    const result = await fn(f)
    await f.commit()
    return result
  } finally {
    await f.discard()
  }
}

/** Writes a whole file atomically (see openAtomicFile). */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: AtomicFileOptions = {},
): Promise<void> {
  await writeAtomically(path, (f) => f.write(data), opts)
}

/** The file to write for `--out <path>`: inside it when it is a directory, under `fallbackName`. */
export async function outPath(path: string, fallbackName: string): Promise<string> {
  try {
    if ((await stat(path)).isDirectory()) return join(path, fallbackName)
  } catch {
    // not there yet: it is the file to create
  }
  return path
}
