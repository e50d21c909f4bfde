// The inputs of a batch (commands.md "Added in the second round"): one per non-blank NDJSON line. A scenario line is
// a JSON string or an object `{"input": "<text>"}` (service-interface 4.4: the input is a string); a webhook line is
// one JSON object, sent as its exact bytes (4.5). A file is checked whole before anything runs; stdin is checked as
// it is read (it can be read only once), and its first bad line stops the launching of more runs.
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { UsageError } from '../errors.js'
import type { IOStreams } from '../io/iostreams.js'
import { numberedLines } from '../io/lines.js'
import { inShard, type Shard } from '../io/shard.js'

/** What a batch runs: a scenario (input strings) or a webhook (JSON object bodies). */
export type BatchKind = 'scenario' | 'webhook'

/** One input of the batch. */
export interface BatchItem {
  /** position among the non-blank lines, from 0 (the results' `index`) */
  index: number
  /** line number in the file, from 1 */
  line: number
  /** the input as the results file shows it: the scenario's input string, or the webhook's body object */
  input: unknown
  /** what is sent: the scenario's input text, or the webhook body's exact text */
  payload: string
}

/** The inputs of a batch: all of them up front (a file), or as they are read (stdin). */
export interface BatchSource {
  /** the inputs of this shard, in order */
  items: AsyncIterable<BatchItem> | Iterable<BatchItem>
  /** every input of this shard, when known before the runs start (a file) */
  known: BatchItem[] | undefined
  /** how the source is named in messages */
  name: string
  /** stops reading (stdin: a batch that ends early must not wait for the writer to finish) */
  close?: () => void
}

/** Bad lines listed by a usage error (the count is always given). */
const maxListed = 10

/** The item of one line, or the problem with it (a sentence without the line number). */
export function parseBatchLine(
  kind: BatchKind,
  text: string,
): { input: unknown; payload: string } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { problem: `not JSON (${(err as Error).message})` }
  }
  if (kind === 'webhook') {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { problem: 'a webhook body must be a JSON object, e.g. {"event":"signup"}' }
    return { input: value, payload: text.trim() }
  }
  if (typeof value === 'string') return { input: value, payload: value }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const input = (value as { input?: unknown }).input
    if (typeof input === 'string') return { input, payload: input }
    return { problem: `an object line needs "input" as a string (got ${input === undefined ? 'none' : typeof input})` }
  }
  return { problem: 'expected a JSON string or an object {"input": "<text>"}' }
}

const lineHint = (kind: BatchKind) =>
  kind === 'webhook' ? `one JSON object per line, e.g. {"order":42}` : `one JSON string per line, or {"input":"<text>"}`

/** Parses numbered lines into items of the shard; `onBad` decides what a bad line does. */
async function* items(
  kind: BatchKind,
  lines: AsyncIterable<{ line: number; text: string }>,
  shard: Shard | undefined,
  onBad: (line: number, problem: string) => void,
): AsyncGenerator<BatchItem> {
  let index = 0
  for await (const { line, text } of lines) {
    if (text.trim() === '') continue
    const parsed = parseBatchLine(kind, text)
    const i = index++
    if ('problem' in parsed) {
      onBad(line, parsed.problem)
      continue
    }
    if (inShard(i, shard)) yield { index: i, line, input: parsed.input, payload: parsed.payload }
  }
}

/** Opens the batch's inputs: `-` is stdin (checked as read), anything else a file (checked whole first). */
export async function openBatch(kind: BatchKind, path: string, io: IOStreams, shard?: Shard): Promise<BatchSource> {
  if (path === '-') {
    if (io.stdinIsTTY)
      throw new UsageError('--batch - reads the inputs from stdin, which is a terminal', 'pipe them, or give a file')
    const onBad = (line: number, problem: string) => {
      throw new UsageError(`--batch (stdin) line ${line}: ${problem}`, lineHint(kind))
    }
    const lines = numberedLines(io.stdin as Readable, '--batch (stdin)')
    const close = () => (io.stdin as Readable).destroy()
    return { items: items(kind, lines, shard, onBad), known: undefined, name: 'stdin', close }
  }
  const bad: string[] = []
  let badCount = 0
  const onBad = (line: number, problem: string) => {
    if (++badCount <= maxListed) bad.push(`  line ${line}: ${problem}`)
  }
  const known: BatchItem[] = []
  for await (const item of items(kind, numberedLines(await openFile(path), `--batch ${path}`), shard, onBad))
    known.push(item)
  if (badCount > 0) {
    const more = badCount > maxListed ? `\n  … and ${badCount - maxListed} more` : ''
    throw new UsageError(
      `--batch ${path}: ${badCount} malformed line${badCount === 1 ? '' : 's'}; nothing was run\n${bad.join('\n')}${more}`,
      lineHint(kind),
    )
  }
  return { items: known, known, name: path }
}

/** A read stream of the file; a usage error naming it when it cannot be read. */
async function openFile(path: string): Promise<Readable> {
  try {
    const fh = await open(path, 'r')
    if (!(await fh.stat()).isFile()) {
      await fh.close()
      throw new UsageError(`--batch ${path} is not a file`)
    }
    return fh.createReadStream()
  } catch (err) {
    if (err instanceof UsageError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`--batch ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}`)
  }
}
