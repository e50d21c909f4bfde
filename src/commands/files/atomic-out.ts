// Output files written atomically (commands.md: `cms export --out`, `files download --out`, `images generate --out`):
// bytes go to a temp file beside the target, which is fsynced and renamed over it only when everything arrived, so a
// failed or cancelled transfer never leaves a half file behind (nor clobbers an older complete one).
import { randomBytes } from 'node:crypto'
import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { UsageError } from '../../errors.js'

/** A file being written: chunks go to a temp file until commit() renames it into place. */
export interface AtomicFile {
  readonly path: string
  write(chunk: string | Uint8Array): Promise<void>
  /** fsync, close and rename over `path` */
  commit(): Promise<void>
  /** close and remove the temp file (safe to call after commit: then it does nothing) */
  discard(): Promise<void>
}

/** Opens a temp file beside `path`; a missing directory or an unwritable one is a usage error naming `flag`. */
export async function openAtomicFile(path: string, flag = '--out'): Promise<AtomicFile> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  let fh: FileHandle | undefined
  try {
    fh = await open(tmp, 'wx', 0o666)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? `the directory ${dirname(path)} does not exist` : (code ?? (err as Error).message)
    throw new UsageError(`${flag} ${path}: cannot write there (${why})`)
  }
  let done = false
  const handle = fh
  return {
    path,
    async write(chunk) {
      await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    },
    async commit() {
      await handle.sync()
      await handle.close()
      await rename(tmp, path)
      done = true
    },
    async discard() {
      if (done) return
      done = true
      await handle.close().catch(() => {})
      await rm(tmp, { force: true })
    },
  }
}

/** Runs `fn` with an atomic file at `path`: committed when fn resolves, discarded when it throws. */
export async function writeAtomically<T>(path: string, fn: (f: AtomicFile) => Promise<T>, flag = '--out'): Promise<T> {
  const f = await openAtomicFile(path, flag)
  try {
    const result = await fn(f)
    await f.commit()
    return result
  } finally {
    await f.discard()
  }
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
