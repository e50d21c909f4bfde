// Reading an NDJSON import file line by line (twice: once to check every line, once to send), with line numbers,
// so that memory stays flat however large the file. Errors opening it are usage errors naming the file.
import { open } from 'node:fs/promises'
import { parseImportLine } from '../cms/import-export.js'
import { UsageError } from '../errors.js'
import { type NumberedLine, numberedLines } from '../io/lines.js'

/** The lines of a file, numbered from 1 (LF or CRLF); a line longer than `limit` bytes is a usage error. */
export async function* readLines(path: string, limit: number): AsyncGenerator<NumberedLine> {
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, 'r')
    if (!(await fh.stat()).isFile()) {
      await fh.close()
      throw new UsageError(`${path} is not a file`)
    }
  } catch (err) {
    if (err instanceof UsageError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}`)
  }
  try {
    yield* numberedLines(fh.createReadStream(), path, limit)
  } finally {
    await fh.close().catch(() => {})
  }
}

/** What the checking pass found. */
export interface FileCheck {
  /** lines that can be imported */
  valid: number
  /** how many cannot */
  invalid: number
  /** the first few bad lines, for the report */
  firstBad: { line: number; error: string }[]
}

/** How many bad lines are listed before "and N more". */
const maxListedBadLines = 20

/** Checks every line of the file without sending anything. */
export async function checkImportFile(path: string, limit: number): Promise<FileCheck> {
  const check: FileCheck = { valid: 0, invalid: 0, firstBad: [] }
  for await (const { line, text } of readLines(path, limit)) {
    const r = parseImportLine(text)
    if (r.ok === 'blank') continue
    if (r.ok) check.valid++
    else {
      check.invalid++
      if (check.firstBad.length < maxListedBadLines) check.firstBad.push({ line, error: r.error })
    }
  }
  return check
}

/** The report of bad lines: `file:line: reason`, one a line, then how many more there are. */
export function badLinesReport(path: string, check: FileCheck): string {
  const lines = check.firstBad.map((b) => `${path}:${b.line}: ${b.error}`)
  const more = check.invalid - check.firstBad.length
  if (more > 0) lines.push(`… and ${more} more invalid line${more === 1 ? '' : 's'}`)
  return `${lines.join('\n')}\n`
}
