// Stateless transcripts (`--save`/`--resume`, docs/chat-output.md): JSONL, one message per line in the wire shape
// (service-interface 2.1) plus facts about the answer (createdAt, request_id, finish_reason, usage). A line
// `{"type":"reset"}` starts a new conversation in the same file. Each message is appended with one write(2) on an
// O_APPEND descriptor and flushed to disk, as soon as it is complete — a cancelled or cut-off answer included — so
// Ctrl-C or a crash loses at most the message being written; a torn last line is skipped (with a warning) on resume.
// A `.md` path gets the same messages as Markdown to read (./transcript-md.ts); any other extension is refused.
import { constants } from 'node:fs'
import { access, type FileHandle, open, stat } from 'node:fs/promises'
import { basename, dirname, extname } from 'node:path'
import { writeFileAtomic } from '../io/atomic-file.js'
import { UsageError } from '../errors.js'
import type { ChatMessage } from './session.js'
import { markdownMessage, markdownReset } from './transcript-md.js'

/** Facts stored beside a message. */
export interface TranscriptMeta {
  createdAt?: string
  request_id?: string
  finish_reason?: string | null
  usage?: unknown
  /** an answer cut short: the user cancelled, --timeout, a dropped connection */
  partial?: boolean
}

/** One JSONL line for a message. */
export function transcriptLine(message: ChatMessage, meta: TranscriptMeta = {}): string {
  return `${JSON.stringify({ ...message, ...meta })}\n`
}

/** How a transcript is written: JSON lines (`--resume` reads them) or Markdown (to read). */
interface TranscriptFormat {
  message(message: ChatMessage, meta?: TranscriptMeta): string
  reset(at: string): string
}

const jsonl: TranscriptFormat = {
  message: transcriptLine,
  reset: (at) => `${JSON.stringify({ type: 'reset', at })}\n`,
}
const markdown: TranscriptFormat = { message: markdownMessage, reset: markdownReset }

/** Is `path` a JSONL transcript (the form `--resume` reads)? */
export const isJsonlTranscript = (path: string): boolean => extname(path).toLowerCase() === '.jsonl'

/** The format of a transcript by its extension (.jsonl, .md); any other is a usage error naming `flag`, with a hint. */
function transcriptFormat(path: string, flag: string): TranscriptFormat {
  const ext = extname(path).toLowerCase()
  if (ext === '.jsonl') return jsonl
  if (ext === '.md') return markdown
  const stem = basename(path, extname(path)) || basename(path)
  throw new UsageError(
    `${flag} ${path}: ${ext ? `a ${ext} file` : 'a file without an extension'} is not a transcript format agentry writes`,
    `end the name in .jsonl (JSON lines, for --resume) or .md (Markdown, to read): ${stem}.jsonl or ${stem}.md`,
  )
}

/** Writes a whole conversation as a new transcript, atomically (temp file, fsync, rename); its format by extension. */
export async function writeTranscript(
  path: string,
  system: string | undefined,
  messages: readonly ChatMessage[],
  flag = '/save',
) {
  const format = transcriptFormat(path, flag)
  const head = system !== undefined ? format.message({ role: 'system', content: system }) : ''
  await writeFileAtomic(path, head + messages.map((m) => format.message(m)).join(''), { mode: 0o600, createDir: true })
}

/**
 * Checks before the first turn that `--save` can write `path`: an existing regular file that may be written, or a
 * new file in an existing, writable directory. Missing directories are never created (a typo would make one). A
 * usage error names the flag and the reason, once, instead of a warning for every message that could not be written.
 */
export async function checkTranscriptPath(path: string, flag = '--save'): Promise<void> {
  const fail = (why: string) => new UsageError(`${flag} ${path}: cannot write there (${why})`, 'choose another path')
  const file = await stat(path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : e))
  if (file instanceof Error) throw fail(file.code ?? file.message)
  if (file !== undefined && !file.isFile()) throw fail(file.isDirectory() ? 'it is a directory' : 'not a regular file')
  const dir = dirname(path)
  if (file === undefined) {
    const d = await stat(dir).catch((e: NodeJS.ErrnoException) => e)
    if (d instanceof Error)
      throw fail(d.code === 'ENOENT' ? `the directory ${dir} does not exist` : (d.code ?? d.message))
    if (!d.isDirectory()) throw fail(`${dir} is not a directory`)
  }
  await access(file === undefined ? dir : path, constants.W_OK).catch((e: NodeJS.ErrnoException) => {
    throw fail(e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message))
  })
  transcriptFormat(path, flag)
}

/** Appends messages to a transcript as they complete. */
export class TranscriptWriter {
  private handle: Promise<FileHandle> | undefined
  private writtenSystem: string | undefined
  private chain: Promise<void> = Promise.resolve()
  private pendingReset = false
  private readonly format: TranscriptFormat

  /** `continues`: the file holds this conversation already (--resume of the same file), so no reset line. */
  constructor(
    readonly path: string,
    private readonly continues: boolean,
    system: string | undefined,
  ) {
    if (continues) this.writtenSystem = system
    this.format = transcriptFormat(path, '--save')
  }

  private async open(): Promise<FileHandle> {
    const fh = await open(this.path, 'a', 0o600)
    // a file that holds another conversation keeps it; a reset line makes --resume pick up this one
    if ((await fh.stat()).size > 0 && !this.continues) this.pendingReset = true
    return fh
  }

  /** Appends messages (preceded by the system prompt when it changed); writes are serialized and flushed. */
  append(system: string | undefined, entries: { message: ChatMessage; meta?: TranscriptMeta }[]): Promise<void> {
    let text = ''
    // an empty system line records that the extra prompt was removed
    if (system !== this.writtenSystem) text += this.format.message({ role: 'system', content: system ?? '' })
    this.writtenSystem = system
    for (const e of entries) text += this.format.message(e.message, e.meta)
    const job = this.chain.then(async () => {
      this.handle ??= this.open()
      const fh = await this.handle
      if (this.pendingReset) text = this.format.reset(new Date().toISOString()) + text
      this.pendingReset = false
      await fh.write(text)
      await fh.datasync()
    })
    this.chain = job.catch(() => {})
    return job
  }

  /** Marks the start of a new conversation (/new): written before the next message. */
  reset(): void {
    this.writtenSystem = undefined
    this.pendingReset = true
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    await this.chain
    if (this.handle) await (await this.handle).close().catch(() => {})
    this.handle = undefined
  }
}
