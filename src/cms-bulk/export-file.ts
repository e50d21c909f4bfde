// `cms export --out` that can be resumed: records go to `<out>.agentry-export.part` and, every few hundred ms, the
// byte length and the last page written go to `<out>.agentry-export.json` (after the bytes themselves). The file
// appears under its name only once the export is complete (renamed). A resume cuts the part file back to the saved
// length, so a half line or a page written after the last saved state is dropped and fetched again: the output
// never holds a half line nor a record twice.
import { type FileHandle, open, rename, rm, stat, truncate } from 'node:fs/promises'
import { dirname } from 'node:path'
import { removeResumeState, resumeFrom, writeResumeState } from '../cms/resume-state.js'
import { UsageError } from '../errors.js'

/** What an export is: compared on --resume (another collection, query or shard is refused). */
export interface ExportJob {
  collection: string
  access: string
  query: Record<string, string>
  shard: string | null
}

interface ExportProgress {
  /** the last page whose records are all in the part file */
  page: number
  /** the part file's length after that page */
  bytes: number
  records: number
}

/** The state file of an export to `out`. */
const exportStateOf = (out: string) => `${out}.agentry-export.json`
const partOf = (out: string) => `${out}.agentry-export.part`

/** How often the progress is saved (a resume redoes at most this much). */
const saveEveryMs = 250

/** An --out export in progress. */
export class ExportFile {
  private last = 0
  private constructor(
    private readonly out: string,
    private readonly job: ExportJob,
    private readonly fh: FileHandle,
    private progress: ExportProgress,
  ) {}

  /** Starts (or with `resume`, continues) the export of `job` to `out`. */
  static async open(out: string, job: ExportJob, resume: boolean): Promise<ExportFile> {
    const state = exportStateOf(out)
    const part = partOf(out)
    let progress: ExportProgress = { page: 0, bytes: 0, records: 0 }
    if (resume) {
      progress = (await resumeFrom<ExportJob, ExportProgress>(state, job, 'export')).progress
      const size = await stat(part).then(
        (s) => s.size,
        () => -1,
      )
      if (size < progress.bytes)
        throw new UsageError(`cannot resume: ${part} is missing or shorter than saved`, 'run without --resume')
      await truncate(part, progress.bytes)
    }
    let fh: FileHandle
    try {
      fh = await open(part, resume ? 'a' : 'w', 0o666)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      const why = code === 'ENOENT' ? `the directory ${dirname(out)} does not exist` : (code ?? (err as Error).message)
      throw new UsageError(`--out ${out}: cannot write there (${why})`)
    }
    const f = new ExportFile(out, job, fh, progress)
    if (!resume) await f.save()
    return f
  }

  /** The last page already written (0 when none). */
  get after(): number {
    return this.progress.page
  }

  /** Records written so far (those of an earlier, interrupted run included). */
  get records(): number {
    return this.progress.records
  }

  /** Appends one page's lines. */
  async writePage(page: number, text: string, records: number): Promise<void> {
    const buf = Buffer.from(text)
    if (buf.length > 0) await this.fh.write(buf)
    this.progress = {
      page,
      bytes: this.progress.bytes + buf.length,
      records: this.progress.records + records,
    }
    if (Date.now() - this.last >= saveEveryMs) await this.save()
  }

  private async save(): Promise<void> {
    this.last = Date.now()
    await writeResumeState(exportStateOf(this.out), this.job, this.progress)
  }

  /** Everything was written: the file takes its name and the state goes. */
  async complete(): Promise<void> {
    await this.fh.sync()
    await this.fh.close()
    await rename(partOf(this.out), this.out)
    await removeResumeState(exportStateOf(this.out))
  }

  /** The export stopped: the progress so far is saved for --resume. */
  async suspend(): Promise<void> {
    await this.fh.close().catch(() => {})
    await this.save()
  }

  /** Removes the part file and the state (an export that cannot be resumed anyway). */
  async discard(): Promise<void> {
    await this.fh.close().catch(() => {})
    await rm(partOf(this.out), { force: true })
    await removeResumeState(exportStateOf(this.out))
  }
}
