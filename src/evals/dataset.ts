// The rows of a case's `dataset`: a CSV file (RFC 4180: a header row, quoted fields with "" inside, CRLF or LF) or an
// NDJSON file (one object per line). Each row is a set of variables; an error names the file and the line.
import { readArgFile } from '../io/arg-file.js'
import { UsageError } from '../errors.js'
import type { Vars } from './vars.js'

/** A row and the line it starts on. */
export interface DatasetRow {
  line: number
  vars: Vars
}

/** Largest dataset read (a test file's data, not a bulk import). */
const maxDatasetBytes = 64 * 1024 * 1024

/** Reads a dataset; `label` names where it was given (`tests.yaml:12: cases[0].dataset`). */
export async function readDataset(path: string, label: string): Promise<DatasetRow[]> {
  const text = (await readArgFile(path, `${label} ${path}`, maxDatasetBytes)).toString('utf8').replace(/^\uFEFF/, '')
  const rows = /\.(nd)?jsonl?$/i.test(path) ? ndjsonRows(text, `${label} ${path}`) : csvRows(text, `${label} ${path}`)
  if (rows.length === 0)
    throw new UsageError(`${label} ${path}: no rows`, 'a CSV needs a header row and a row of values')
  return rows
}

function ndjsonRows(text: string, where: string): DatasetRow[] {
  const rows: DatasetRow[] = []
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return
    let v: unknown
    try {
      v = JSON.parse(raw)
    } catch (err) {
      // the parser's message quotes the text: only its column is kept (a file's content never goes in an error)
      const col = /column (\d+)/.exec((err as Error).message)?.[1]
      throw new UsageError(
        `${where} line ${i + 1}${col ? `, column ${col}` : ''}: not JSON`,
        'one JSON object per line',
      )
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new UsageError(`${where} line ${i + 1}: expected a JSON object of variables, e.g. {"city":"Paris"}`)
    const vars: Vars = {}
    for (const [k, x] of Object.entries(v))
      vars[k] = typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? x : JSON.stringify(x)
    rows.push({ line: i + 1, vars })
  })
  return rows
}

/** CSV records with the line each starts on. */
function csvRecords(text: string, where: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let start = 1
  let quoted = false
  let i = 0
  const endRecord = () => {
    fields.push(field)
    if (!(fields.length === 1 && fields[0] === '')) out.push({ line: start, fields })
    fields = []
    field = ''
  }
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        field += c
      }
      i++
      continue
    }
    if (c === '"' && field === '') quoted = true
    else if (c === ',') {
      fields.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
    } else field += c
    i++
  }
  if (quoted) throw new UsageError(`${where} line ${start}: a quoted field is not closed`)
  if (field !== '' || fields.length > 0) endRecord()
  return out
}

function csvRows(text: string, where: string): DatasetRow[] {
  const [header, ...records] = csvRecords(text, where)
  if (!header) return []
  const names = header.fields.map((h) => h.trim())
  const bad = names.findIndex((n) => !/^[A-Za-z_][\w.-]*$/.test(n))
  if (bad >= 0)
    throw new UsageError(
      `${where} line 1: column ${bad + 1} of the header is not a variable name`,
      'name each column with letters, digits, _ . -',
    )
  return records.map(({ line, fields }) => {
    if (fields.length !== names.length)
      throw new UsageError(`${where} line ${line}: ${fields.length} fields, the header has ${names.length}`)
    return { line, vars: Object.fromEntries(names.map((n, k) => [n, fields[k]!])) }
  })
}
