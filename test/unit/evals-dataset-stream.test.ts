// A dataset is streamed (issue 31 item 1): read in chunks, a record cut anywhere between two chunks is read whole, and
// the load keeps only the cases --filter and --shard select, so a large file of which few rows run is not held.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { datasetRows } from '../../src/evals/dataset.js'
import { loadTestFile } from '../../src/evals/load.js'
import { caseSelector } from '../../src/evals/run.js'
import { tempDir } from '../helpers/temp-dir.js'

async function rowsOf(path: string) {
  const rows = []
  for await (const row of datasetRows(path, 'x')) rows.push(row)
  return rows
}

describe('a streamed dataset', () => {
  it('reads records cut at every chunk boundary: quotes, "" and CRLF split across chunks', async () => {
    const dir = tempDir()
    // ~1.2 MB: the reader's 256 KiB chunks end at arbitrary places inside these records
    const n = 12_000
    const record = (i: number) => `${i},"two\nlines ""q${i}"", and a comma",${'p'.repeat(i % 37)}\r\n`
    let text = '\uFEFFn,note,pad\r\n'
    for (let i = 0; i < n; i++) text += record(i)
    await writeFile(join(dir, 'd.csv'), text)
    const rows = await rowsOf(join(dir, 'd.csv'))
    expect(rows).toHaveLength(n)
    for (const i of [0, 1, 4095, 8191, n - 1])
      expect(rows[i]).toEqual({
        line: 2 + 2 * i,
        vars: { n: String(i), note: `two\nlines "q${i}", and a comma`, pad: 'p'.repeat(i % 37) },
      })
    expect(rows.every((r, i) => r.vars.n === String(i) && r.line === 2 + 2 * i)).toBe(true)
  })

  it('a last record without a line break, and a trailing comma, are read', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'd.csv'), 'a,b\n1,\n2,x')
    expect(await rowsOf(join(dir, 'd.csv'))).toEqual([
      { line: 2, vars: { a: '1', b: '' } },
      { line: 3, vars: { a: '2', b: 'x' } },
    ])
  })

  it('a quoted field never closed is named by the line it starts on', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'd.csv'), `a\n1\n"open\n${'x\n'.repeat(100_000)}`)
    await expect(rowsOf(join(dir, 'd.csv'))).rejects.toThrow('d.csv line 3: a quoted field is not closed')
  })

  it('a folder or a device is refused (a dataset is a file: a FIFO could never end)', async () => {
    await expect(rowsOf(tempDir())).rejects.toThrow('is a folder')
    await expect(rowsOf('/dev/zero')).rejects.toThrow('is not a regular file')
  })

  it('the load checks every row and keeps only the selected cases', async () => {
    const dir = tempDir()
    let csv = 'city\n'
    for (let i = 0; i < 20_000; i++) csv += `City${i}\n`
    await writeFile(join(dir, 'rows.csv'), csv)
    const file = join(dir, 'tests.yaml')
    await writeFile(
      file,
      'targets: [{agent: a}]\ncases:\n  - description: weather in {{city}}\n    dataset: rows.csv\n    message: "{{city}}"\n',
    )
    const plan = await loadTestFile(file, { allowJs: false, keep: caseSelector({ filter: ['city1234'] }) })
    expect(plan.caseCount).toBe(20_000)
    // City1234 and City12340…12349
    expect(plan.cases.map((c) => c.description)).toEqual([
      'weather in City1234',
      ...Array.from({ length: 10 }, (_, k) => `weather in City1234${k}`),
    ])
    expect(plan.cases[0]!.index).toBe(1234)
    // a row further on with a problem is still found at load
    await writeFile(join(dir, 'rows.csv'), `${csv}a,b\n`)
    await expect(loadTestFile(file, { allowJs: false, keep: () => false })).rejects.toThrow(
      'rows.csv line 20002: 2 fields, the header has 1',
    )
  })
})
