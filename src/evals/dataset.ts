// The rows of a case's `dataset`: a CSV file (RFC 4180: a header row, quoted fields with "" inside, CRLF or LF) or an
// NDJSON file (one object per line). Each row is a set of variables; an error names the file and the line. A dataset
// is streamed, row by row, never held whole: the memory of a run does not grow with the file (a 50 MB CSV of which no
// row is selected costs a read of it, not its rows in memory).
import { open } from 'node:fs/promises'
import { UsageError } from '../errors.js'
import { formatBytes, maxBodyBytes } from '../io/arg-file.js'
import { numberedLines } from '../io/lines.js'
import { utf8Stream } from '../io/utf8-text.js'
import type { Vars } from './vars.js'

/** A row and the line it starts on. */
export interface DatasetRow {
  line: number
  vars: Vars
}

/** Longest record (a CSV record, an NDJSON line) read: the service's body limit, as for every line we read. */
const maxRecordChars = maxBodyBytes

/** The rows of a dataset, read as they are used; `label` names where it was given (`tests.yaml:12: cases[0].dataset`). */
export async function* datasetRows(path: string, label: string): AsyncGenerator<DatasetRow> {
  const where = `${label} ${path}`
  let fh: Awaited<ReturnType<typeof open>>
  try {
    fh = await open(path, 'r')
  } catch (err) {
    throw cannotRead(where, err)
  }
  try {
    const st = await fh.stat()
    // a device or a FIFO could be endless: a dataset is a file
    if (!st.isFile()) throw new UsageError(`${where}: is ${st.isDirectory() ? 'a folder' : 'not a regular file'}`)
    const input = fh.createReadStream({ autoClose: false, highWaterMark: 256 * 1024 })
    const rows = /\.(nd)?jsonl?$/i.test(path) ? ndjsonRows(input, where) : csvRows(input, where)
    let any = false
    for await (const row of rows) {
      any = true
      yield row
    }
    if (!any) throw new UsageError(`${where}: no rows`, 'a CSV needs a header row and a row of values')
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw cannotRead(where, err)
  } finally {
    await fh.close().catch(() => {})
  }
}

function cannotRead(where: string, err: unknown): UsageError {
  const code = (err as NodeJS.ErrnoException).code
  return new UsageError(`${where}: ${code === 'ENOENT' ? 'no such file' : `cannot read the file (${code ?? 'error'})`}`)
}

async function* ndjsonRows(input: NodeJS.ReadableStream, where: string): AsyncGenerator<DatasetRow> {
  for await (const { line, text } of numberedLines(input, where)) {
    const raw = line === 1 ? text.replace(/^\uFEFF/, '') : text
    if (raw.trim() === '') continue
    let v: unknown
    try {
      v = JSON.parse(raw)
    } catch (err) {
      // the parser's message quotes the text: only its column is kept (a file's content never goes in an error)
      const col = /column (\d+)/.exec((err as Error).message)?.[1]
      throw new UsageError(`${where} line ${line}${col ? `, column ${col}` : ''}: not JSON`, 'one JSON object per line')
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new UsageError(`${where} line ${line}: expected a JSON object of variables, e.g. {"city":"Paris"}`)
    const vars: Vars = {}
    for (const [k, x] of Object.entries(v))
      vars[k] = typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? x : JSON.stringify(x)
    yield { line, vars }
  }
}

async function* csvRows(input: NodeJS.ReadableStream, where: string): AsyncGenerator<DatasetRow> {
  const decoder = utf8Stream(where)
  const records = new CsvRecords(where)
  let names: string[] | undefined
  const rowsOf = function* (batch: CsvRecord[]): Generator<DatasetRow> {
    for (const { line, fields } of batch) {
      if (!names) {
        names = header(fields, where)
        continue
      }
      if (fields.length !== names.length)
        throw new UsageError(`${where} line ${line}: ${fields.length} fields, the header has ${names.length}`)
      const vars: Vars = {}
      for (let k = 0; k < names.length; k++) vars[names[k]!] = fields[k]!
      yield { line, vars }
    }
  }
  let first = true
  for await (const chunk of input) {
    let text = decoder.push(chunk as Buffer)
    if (first && text !== '') {
      text = text.replace(/^\uFEFF/, '')
      first = false
    }
    yield* rowsOf(records.push(text, false))
  }
  yield* rowsOf(records.push(decoder.end(), true))
}

function header(fields: string[], where: string): string[] {
  const names = fields.map((h) => h.trim())
  // promptfoo's assertion columns would be a variable nobody reads: said, not ignored
  const promptfoo = names.findIndex((n) => /^__(expected\d*|threshold|metric|prefix|suffix|description)$/.test(n))
  if (promptfoo >= 0)
    throw new UsageError(
      `${where} line 1: column ${promptfoo + 1} is promptfoo's ${names[promptfoo]}, which agentry does not read`,
      names[promptfoo]!.startsWith('__expected')
        ? 'name it e.g. expected and assert on it in the case: assert: [{type: contains, value: "{{expected}}"}]'
        : 'name it without the __ and use it as {{name}} in the case',
    )
  const bad = names.findIndex((n) => !/^[A-Za-z_][\w.-]*$/.test(n))
  if (bad >= 0)
    throw new UsageError(
      `${where} line 1: column ${bad + 1} of the header is not a variable name`,
      'name each column with letters, digits, _ . -',
    )
  return names
}

/** A CSV record with the line it starts on. */
interface CsvRecord {
  line: number
  fields: string[]
}

/** The end of an unquoted field: a comma or a line break. */
const fieldEnd = /[,\r\n]/g

/**
 * CSV records of text given in pieces: `push` returns the records the text completes and keeps the record it cuts
 * (at most maxRecordChars), so a file is read in one pass whatever its size. A blank line is no record.
 */
class CsvRecords {
  private rest = ''
  private line = 1
  constructor(private readonly where: string) {}

  push(text: string, final: boolean): CsvRecord[] {
    const s = this.rest + text
    const out: CsvRecord[] = []
    let p = 0
    while (p < s.length) {
      const r = this.record(s, p, final)
      if (!r) break
      if (!(r.fields.length === 1 && r.fields[0] === '')) out.push({ line: this.line, fields: r.fields })
      this.line += r.lines
      p = r.end
    }
    this.rest = s.slice(p)
    if (this.rest.length > maxRecordChars)
      throw new UsageError(
        `${this.where} line ${this.line}: a record is longer than ${formatBytes(maxRecordChars)}`,
        'is a quoted field not closed?',
      )
    return out
  }

  /** The record at `p`, or undefined when the text ends before it does (and more text is to come). */
  private record(s: string, p: number, final: boolean): { fields: string[]; end: number; lines: number } | undefined {
    const fields: string[] = []
    let lines = 0
    for (;;) {
      let value = ''
      if (s.charCodeAt(p) === 34) {
        // a quoted field: "" is a quote; line breaks are part of it
        let q = p + 1
        for (;;) {
          const close = s.indexOf('"', q)
          if (close < 0) {
            if (!final) return undefined
            throw new UsageError(`${this.where} line ${this.line}: a quoted field is not closed`)
          }
          value += s.slice(q, close)
          if (close + 1 >= s.length && !final) return undefined
          if (s.charCodeAt(close + 1) === 34) {
            value += '"'
            q = close + 2
            continue
          }
          p = close + 1
          break
        }
        for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) lines++
      }
      // the unquoted field, or what follows a closing quote up to the separator (kept, as the first reader did)
      fieldEnd.lastIndex = p
      const m = fieldEnd.exec(s)
      if (!m) {
        if (!final) return undefined
        fields.push(value + s.slice(p))
        return { fields, end: s.length, lines: lines + 1 }
      }
      const e = m.index
      fields.push(value + s.slice(p, e))
      const sep = s.charCodeAt(e)
      if (sep === 44) {
        // a comma: another field follows (at the very end of the text, maybe only once more text comes)
        if (e + 1 >= s.length) {
          if (!final) return undefined
          fields.push('')
          return { fields, end: s.length, lines: lines + 1 }
        }
        p = e + 1
        continue
      }
      if (sep === 13) {
        if (e + 1 >= s.length && !final) return undefined
        return { fields, end: s.charCodeAt(e + 1) === 10 ? e + 2 : e + 1, lines: lines + 1 }
      }
      return { fields, end: e + 1, lines: lines + 1 }
    }
  }
}
