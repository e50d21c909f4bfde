// `agentry cms …` end to end, in-process (runCommand) against a real emulator with the demo content (thousands of
// posts). The expected results come from the emulator's own query engine over the same records.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CmsRecord } from '../../src/api/schemas/index.js'
import { runQuery } from '../../src/cms/engine.js'
import type { CmsQuery } from '../../src/cms/query.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture()

const cli = (args: string[], input?: string) =>
  runCommand(args, { env: fx.env(), ...(input !== undefined ? { input } : {}) })
const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))

/** Every row the emulator's engine gives for a query over a collection, page after page. */
function engine(collection: string, q: CmsQuery): Record<string, unknown>[] {
  const all = [...fx.emu.state.cms.get(collection)!.values()]
  const out: Record<string, unknown>[] = []
  for (let page = 1; ; page++) {
    const r = runQuery(all, { ...q, page, pageSize: 100 })
    out.push(...r.data)
    if (page >= r.pagination.page_count) return out
  }
}

describe('cms query', () => {
  it('--where, --order-by, --select and --all: every matching record, in order, as NDJSON', async () => {
    const where = 'status = "published" and (views > 5000 or featured = true) and category != "news"'
    const r = await cli(['cms', 'query', 'posts', '-w', where, '--order-by', 'views:desc', '--select', 'title,views'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20) // one page of TSV rows by default

    const all = await cli([
      'cms',
      'query',
      'posts',
      '-w',
      where,
      '--order-by',
      'views:desc',
      '--select',
      'title,views',
      '--all',
      '-o',
      'ndjson',
    ])
    expect(all.exitCode).toBe(0)
    expect(all.stderr).toBe('')
    const expected = engine('posts', {
      where: {
        and: [
          { field: 'status', op: 'eq', value: 'published' },
          {
            or: [
              { field: 'views', op: 'gt', value: 5000 },
              { field: 'featured', op: 'eq', value: true },
            ],
          },
          { field: 'category', op: 'neq', value: 'news' },
        ],
      },
      orderBy: [{ field: 'views', direction: 'desc' }],
      select: ['title', 'views'],
    })
    expect(expected.length).toBeGreaterThan(500)
    const rows = ndjson(all.stdout)
    expect(rows).toEqual(expected)
    expect(Object.keys(rows[0].data).sort()).toEqual(['title', 'views'])
  })

  it('groups by status with a count and the sum of views', async () => {
    const argv = ['cms', 'query', 'posts', '--group-by', 'status', '--count', '--sum', 'views', '--order-by', 'status']
    const r = await cli([...argv, '--json'])
    expect(r.exitCode).toBe(0)
    const expected = engine('posts', {
      groupBy: ['status'],
      aggregates: [
        { fn: 'count', field: '*' },
        { fn: 'sum', field: 'views' },
      ],
      orderBy: [{ field: 'status', direction: 'asc' }],
    })
    expect(JSON.parse(r.stdout)).toEqual(expected)
    expect(expected.map((row) => row.status)).toEqual(['draft', 'published'])
    const tsv = await cli(argv)
    expect(tsv.stdout).toBe(expected.map((row) => `${row.status}\t${row.count}\t${row.views_sum}\n`).join(''))
  })

  it('a --where syntax error exits 2 with a caret under the column', async () => {
    const r = await cli(['cms', 'query', 'posts', '--where', 'views >> 3'])
    expect(r.exitCode).toBe(2)
    const [line, caret] = r.stderr.split('\n')
    expect(line).toMatch(/^error: --where: .* at column 8: views >> 3$/)
    expect(caret!.indexOf('^')).toBe(line!.indexOf('views >> 3') + 7)
    expect(r.stdout).toBe('')
  })
})

describe('cms save, get, delete', () => {
  it('round-trips a record', async () => {
    const saved = await cli(
      ['cms', 'save', 'e2e_notes', '--data', '-', '--tags', 'e2e,cli', '--json'],
      '{"title":"Hi","n":1}',
    )
    expect(saved.exitCode).toBe(0)
    const rec = JSON.parse(saved.stdout) as CmsRecord
    expect(rec).toMatchObject({ data: { title: 'Hi', n: 1 }, tags: ['e2e', 'cli'] })

    const got = await cli(['cms', 'get', 'e2e_notes', rec.id, '--access', 'cma', '--json'])
    expect(JSON.parse(got.stdout)).toEqual(rec)

    const updated = await cli(['cms', 'save', 'e2e_notes', '--id', rec.id, '--data', '{"title":"Bye"}', '--json'])
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: rec.id, data: { title: 'Bye' }, tags: [] })

    const del = await cli(['cms', 'delete', 'e2e_notes', rec.id])
    expect(del.exitCode).toBe(2)
    expect(del.stderr).toMatch(/--yes is required/)
    expect((await cli(['cms', 'delete', 'e2e_notes', rec.id, '--yes'])).exitCode).toBe(0)
    const gone = await cli(['cms', 'get', 'e2e_notes', rec.id])
    expect(gone.exitCode).toBe(3)
  })
})

describe('cms export and import', () => {
  it('export → import into a new collection → the same records', async () => {
    const dir = tempDir()
    const file = join(dir, 'tutorials.ndjson')
    // the most viewed tutorials: three pages of the export (and of the export back), not the 909 tutorials' ten
    const where = 'category = "tutorials" and views >= 8000'
    const exp = await cli(['cms', 'export', 'posts', '--where', where, '--out', file])
    expect(exp.exitCode).toBe(0)
    expect(exp.stdout).toBe('')
    const exported = ndjson(readFileSync(file, 'utf8')) as CmsRecord[]
    const expected = engine('posts', {
      where: {
        and: [
          { field: 'category', op: 'eq', value: 'tutorials' },
          { field: 'views', op: 'gte', value: 8000 },
        ],
      },
    })
    expect(expected.length).toBeGreaterThan(200)
    expect(exported.length).toBe(expected.length)
    expect(exp.stderr).toBe(`exported ${exported.length} records of posts to ${file}\n`)

    const imp = await cli(['cms', 'import', 'tutorials_copy', file])
    expect(imp.exitCode).toBe(0)
    expect(imp.stderr).toBe(`created ${exported.length}, updated 0, skipped 0 (resume), failed 0\n`)

    const back = await cli(['cms', 'export', 'tutorials_copy', '--access', 'cma'])
    const strip = (r: CmsRecord) => ({ id: r.id, data: r.data, tags: r.tags })
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect((ndjson(back.stdout) as CmsRecord[]).map(strip).sort(byId)).toEqual(exported.map(strip).sort(byId))
  })

  it('an import with a bad line names its line number and imports nothing', async () => {
    const dir = tempDir()
    const file = join(dir, 'in.ndjson')
    writeFileSync(file, '{"data":{"a":1}}\n{"data":{"a":2}}\n{"data": "oops"}\n{"data":{"a":4}}\n')
    const r = await cli(['cms', 'import', 'never_made', file])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toBe(
      `${file}:3: data must be a JSON object\nerror: ${file} has 1 invalid line; nothing was imported\n` +
        'hint: fix them, or pass --skip-invalid to import the valid lines\n',
    )
    expect(fx.emu.state.cms.has('never_made')).toBe(false)
  })
})
