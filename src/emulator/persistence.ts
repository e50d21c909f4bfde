// --data-file: the state is loaded at start and written back as whole snapshots, atomically (temp file, fsync,
// rename, as ARCHITECTURE.md asks of every file we write), debounced after changes and once more on close.
import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { EmulatorState } from './state.js'

/** A data file that exists but cannot be used: the emulator refuses to start and never overwrites it. */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`emulator data file ${path} ${reason}; fix it, move it away or pass another --data-file`)
    this.name = 'DataFileError'
  }
}

/** Reads a snapshot; undefined when the file does not exist. */
export async function loadState(path: string): Promise<EmulatorState | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new DataFileError(path, `cannot be read (${(e as Error).message})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new DataFileError(path, `is not valid JSON (${(e as Error).message})`)
  }
  if (
    typeof json !== 'object' ||
    json === null ||
    Array.isArray(json) ||
    (json as { version?: unknown }).version !== 1
  ) {
    throw new DataFileError(path, 'is not an emulator snapshot (expected an object with "version": 1)')
  }
  try {
    return EmulatorState.fromJSON(json as Record<string, unknown>)
  } catch (e) {
    throw new DataFileError(path, `holds an unusable snapshot (${(e as Error).message})`)
  }
}

/** Writes `text` to `path` atomically: a temp file beside it, fsync, rename over the target. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const fh = await open(tmp, 'w', 0o600)
  try {
    await fh.writeFile(text, 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  try {
    await rename(tmp, path)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
}

/** Debounced snapshots of a state to one file. */
export class SnapshotWriter {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()
  private dirty = false

  constructor(
    private readonly path: string,
    private readonly state: () => EmulatorState,
    private readonly onError: (e: unknown) => void,
    private readonly delayMs = 150,
  ) {}

  /** Notes a change; a snapshot follows after a short quiet period. */
  changed(): void {
    this.dirty = true
    if (this.timer !== undefined) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, this.delayMs)
    this.timer.unref()
  }

  /** Writes now if anything changed (one write at a time, in order). */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.running = this.running.then(async () => {
      if (!this.dirty) return
      this.dirty = false
      try {
        await writeAtomic(this.path, JSON.stringify(this.state()))
      } catch (e) {
        this.dirty = true
        this.onError(e)
      }
    })
    return this.running
  }
}
