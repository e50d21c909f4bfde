// The results of a batch: one NDJSON line per input, written as each run finishes (commands.md; docs/commands.md
// "Batch runs"), and read back by --resume. A line is
// {"index", "input", "runId", "status", "output", "durationMs", "error"}; `status` is completed (scenario) or
// received (webhook) when the run succeeded, else failed (the run happened and did not complete), refused (the
// service said no: 4xx) or error (no answer: network, timeout, 5xx — the run may or may not have happened).
import { open } from 'node:fs/promises'
import { resolve } from 'node:path'
import { UsageError } from '../errors.js'
import { type IOStreams, writeAll } from '../io/iostreams.js'
import { numberedLines } from '../io/lines.js'
import { stringifyJson } from '../text/sanitize.js'
import type { BatchItem } from './input.js'

/** How one run ended. */
export type RunStatus = 'completed' | 'received' | 'failed' | 'refused' | 'error'

/** One line of the results file. */
export interface ResultLine {
  index: number
  input: unknown
  runId: string | null
  status: RunStatus
  output: unknown
  durationMs: number
  error: string | null
}

/** Whether a status is a success (a run --resume skips). */
export const succeeded = (status: string): boolean => status === 'completed' || status === 'received'

/** Where result lines go: a file (each line written through to the OS as it comes) or stdout. */
export interface ResultSink {
  write(line: ResultLine): Promise<void>
  close(): Promise<void>
}

/** Opens --results (appending when it is the --resume file, so nothing read from it is lost), or stdout. */
export async function openResults(path: string | undefined, append: boolean, io: IOStreams): Promise<ResultSink> {
  // one write at a time, in finishing order: each line is written whole, so a reader never sees half a line
  let chain = Promise.resolve()
  if (path === undefined)
    return {
      write(line) {
        chain = chain.then(() => writeAll(io.stdout, `${stringifyJson(line)}\n`))
        return chain
      },
      close: () => chain.catch(() => {}),
    }
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, append ? 'a' : 'w', 0o666)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`--results ${path}: cannot write there (${code === 'ENOENT' ? 'no such directory' : code})`)
  }
  return {
    write(line) {
      chain = chain.then(() => fh.write(`${stringifyJson(line)}\n`).then(() => {}))
      return chain
    },
    async close() {
      await chain.catch(() => {})
      await fh.sync().catch(() => {})
      await fh.close()
    },
  }
}

/** Whether two paths name the same file (for --results and --resume given the same file). */
export const samePath = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && resolve(a) === resolve(b)

/** The identity of an input, compared by --resume: its canonical JSON (the same line parses to the same text). */
const identity = (input: unknown): string => JSON.stringify(input) ?? ''

/** The lines of a previous run's results file (index → its last line: a resumed run appends to the file). */
export async function readResume(path: string): Promise<Map<number, ResultLine>> {
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, 'r')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`--resume ${path}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
  const last = new Map<number, ResultLine>()
  try {
    for await (const { line, text } of numberedLines(fh.createReadStream(), `--resume ${path}`)) {
      if (text.trim() === '') continue
      let r: ResultLine
      try {
        r = JSON.parse(text)
      } catch {
        throw new UsageError(`--resume ${path} line ${line}: not JSON`, 'give the --results file of an earlier run')
      }
      if (typeof r !== 'object' || r === null || !Number.isSafeInteger(r.index) || r.index < 0 || !('input' in r))
        throw new UsageError(`--resume ${path} line ${line}: not a result line (no index or input)`)
      last.set(r.index, r)
    }
  } finally {
    await fh.close().catch(() => {})
  }
  return last
}

/**
 * The earlier result of an input when it succeeded (so it is skipped), else undefined. Matched by index AND input: a
 * result whose index holds a different input means the results file is of another input file, a usage error.
 */
export function resumed(item: BatchItem, earlier: ReadonlyMap<number, ResultLine>, path: string) {
  const r = earlier.get(item.index)
  if (r === undefined) return undefined
  if (identity(r.input) !== identity(item.input))
    throw new UsageError(
      `--resume ${path}: its input ${item.index} differs from line ${item.line} of the batch; it holds the results of another input file`,
      'resume with the --results file of a run over the same --batch file',
    )
  return succeeded(r.status) ? r : undefined
}
