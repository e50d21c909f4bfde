// Persistent input history in the state dir (`$XDG_STATE_HOME/agentry/history`; older versions kept it in the config
// dir, and moveHistory brings it over). One entry a line, each a JSON string, so a
// multi-line message survives as one entry. Appended with O_APPEND (one write an entry, so concurrent chats
// interleave whole lines), mode 0600 because prompts may hold secrets, and compacted to the newest `max` entries
// once the file has grown to twice that. Entries starting with a space are not recorded (bash's ignorespace).
import { appendFile, chmod, copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { readTextIfExists } from '../../config/read-file.js'
import { writeFileAtomic } from '../../io/atomic-file.js'

/** The default bound on remembered entries. */
const defaultHistoryMax = 1000

/** Where older versions kept the history: the config dir (see moveHistory). */
export const historyFile = (configDir: string) => join(configDir, 'history')

/** Parses the file's text into entries, oldest first; malformed lines are skipped. */
export function parseHistory(text: string): string[] {
  const out: string[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    try {
      const v: unknown = JSON.parse(line)
      if (typeof v === 'string' && v !== '') out.push(v)
    } catch {
      // A line cut short by a crash mid-append, or written by something else: skip it.
    }
  }
  return out
}

/** One file line for an entry. JSON escapes newlines and U+2028/9 never break a line here (ES2019 JSON). */
export function formatHistoryLine(entry: string): string {
  return `${JSON.stringify(entry)}\n`
}

/** Whether an entry is worth remembering after `last`: not blank, not space-prefixed, not a repeat. */
export function shouldRecord(entry: string, last: string | undefined): boolean {
  return entry.trim() !== '' && !entry.startsWith(' ') && entry !== last
}

/** The remembered entries, with adding that writes through to the file. */
export class History {
  /** oldest first, at most `max` (the line editor reads this array live) */
  readonly entries: string[]

  private constructor(
    private readonly file: string | undefined,
    entries: string[],
    private readonly max: number,
  ) {
    this.entries = entries
  }

  /** Loads `file` (missing is empty); without a file, history lives in memory only. */
  static async open(file: string | undefined, max = defaultHistoryMax): Promise<History> {
    if (!file) return new History(undefined, [], max)
    const text = (await readTextIfExists(file)) ?? ''
    const all = parseHistory(text)
    const entries = all.slice(-max)
    if (all.length >= 2 * max)
      await writeFileAtomic(file, entries.map(formatHistoryLine).join(''), { mode: 0o600, createDir: true })
    else if (text !== '') await tighten(file)
    return new History(file, entries, max)
  }

  /** Remembers an entry (unless shouldRecord says no); a failing write is reported once, not thrown. */
  async add(entry: string): Promise<void> {
    if (!shouldRecord(entry, this.entries.at(-1))) return
    this.entries.push(entry)
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max)
    if (!this.file) return
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 })
    await appendFile(this.file, formatHistoryLine(entry), { mode: 0o600, flag: 'a' })
  }
}

/** Makes an existing history file private again if something widened its mode. */
async function tighten(file: string): Promise<void> {
  if (process.platform === 'win32') return
  const st = await stat(file)
  if ((st.mode & 0o077) !== 0) await chmod(file, 0o600)
}

/** Moves a history file from where older versions kept it (`from`) to `to`, unless `to` exists already. */
export async function moveHistory(from: string, to: string): Promise<void> {
  if (from === to || (await stat(to).catch(() => undefined)) || !(await stat(from).catch(() => undefined))) return
  await mkdir(dirname(to), { recursive: true, mode: 0o700 })
  try {
    await rename(from, to)
  } catch (err) {
    // another file system: copy, then remove the old one
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
    await copyFile(from, to)
    await chmod(to, 0o600)
    await unlink(from)
  }
}
