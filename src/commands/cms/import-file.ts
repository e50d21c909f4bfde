// Reading an NDJSON import file line by line (twice: once to check every line, once to send), with line numbers,
// so that memory stays flat however large the file. Errors opening it are usage errors naming the file.
import { open } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'
import { parseImportLine } from '../../cms/import-export.js'
import { UsageError } from '../../errors.js'
import { formatBytes } from '../../io/arg-file.js'

/** One line of the file, numbered from 1. */
export interface NumberedLine {
  line: number
  text: string
}

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
    yield* readLinesFrom(fh.createReadStream(), path, limit)
  } finally {
    await fh.close().catch(() => {})
  }
}

/**
 * The lines of a stream (stdin), numbered from 1, with the same line limit; `label` names it in errors. Read with
 * the stream's own async iterator, which pauses it while the consumer is busy (readline's iterator queues every
 * line of the file when the sending is slower than the reading).
 */
export async function* readLinesFrom(
  input: NodeJS.ReadableStream,
  label: string,
  limit: number,
): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  let line = 0
  for await (const chunk of input.pipe(lineLimit(label, limit))) {
    const text = rest + decoder.write(chunk as Buffer)
    let start = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      yield { line: ++line, text: text.slice(start, nl).replace(/\r$/, '') }
      start = nl + 1
    }
    rest = text.slice(start)
  }
  rest += decoder.end()
  if (rest !== '') yield { line: ++line, text: rest.replace(/\r$/, '') }
}

/**
 * Passes bytes through, failing once a line grows past `limit` (the service's body limit): readline would otherwise hold a
 * line of any length (a multi-gigabyte file without a newline) in memory. No record line can be longer.
 */
function lineLimit(path: string, limit: number): Transform {
  let run = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const first = chunk.indexOf(10)
      const longest = first < 0 ? run + chunk.length : Math.max(run + first, chunk.length - chunk.lastIndexOf(10) - 1)
      run = first < 0 ? longest : chunk.length - chunk.lastIndexOf(10) - 1
      if (longest > limit)
        done(new UsageError(`${path}: a line is longer than ${formatBytes(limit)} (the service's body limit)`))
      else done(null, chunk)
    },
  })
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
