// --data-file: the state is loaded at start and written back as whole snapshots, atomically (temp file, fsync,
// rename, as ARCHITECTURE.md asks of every file we write), debounced after changes and once more on close.
import { readFile, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../io/atomic-file.js'
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
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      // a new file is fine, a missing directory is not: it is never created silently (a typo would go unnoticed)
      const dir = await stat(dirname(path)).catch(() => undefined)
      if (!dir?.isDirectory())
        throw new DataFileError(path, `cannot be created: the directory ${dirname(path)} does not exist`)
      return undefined
    }
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

/** Longest wait between two attempts to save after failures. */
const maxRetryMs = 30_000

/**
 * Debounced snapshots of a state to one file. A failed save is reported at once (through `report`, stderr by
 * default) and retried with a doubling delay until one succeeds, which is reported too: changes are never dropped
 * in silence.
 */
export class SnapshotWriter {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()
  private dirty = false
  private failures = 0
  private readonly delayMs: number
  private readonly retryMs: number

  constructor(
    private readonly path: string,
    private readonly state: () => EmulatorState,
    private readonly report: (line: string) => void,
    opts: { delayMs?: number; retryMs?: number | undefined } = {},
  ) {
    this.delayMs = opts.delayMs ?? 150
    this.retryMs = opts.retryMs ?? 250
  }

  /** Notes a change; a snapshot follows after a short quiet period (or at the next retry while saves fail). */
  changed(): void {
    this.dirty = true
    this.schedule(this.delayMs)
  }

  /** Saves that failed in a row (0 once a save succeeded). */
  get failedSaves(): number {
    return this.failures
  }

  private schedule(ms: number): void {
    if (this.timer !== undefined) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, ms)
    this.timer.unref()
  }

  /** Writes now if anything changed (one write at a time, in order); resolves whether or not it succeeded. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.running = this.running.then(async () => {
      if (!this.dirty) return
      this.dirty = false
      try {
        await writeFileAtomic(this.path, this.state().snapshotText(), { mode: 0o600 })
        if (this.failures > 0)
          this.report(`emulator: saved ${this.path} again after ${this.failures} failed attempt(s)`)
        this.failures = 0
      } catch (e) {
        this.dirty = true
        this.failures++
        const wait = Math.min(this.retryMs * 2 ** (this.failures - 1), maxRetryMs)
        this.report(
          `emulator: cannot save ${this.path}: ${(e as Error)?.message ?? e}; changes are kept in memory and the save is retried in ${wait} ms (fix the path or its permissions)`,
        )
        this.schedule(wait)
      }
    })
    return this.running
  }

  /** A last save at close; when it fails too, says plainly that the unsaved changes are lost. */
  async close(): Promise<void> {
    this.dirty = true
    await this.flush()
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    if (this.failures > 0) this.report(`emulator: closing without saving ${this.path}: the last changes are lost`)
  }
}
