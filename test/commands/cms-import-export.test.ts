// `agentry cms export|import`, in-process: against the real emulator (export → import round trip, bad lines with
// their line numbers, the failed-lines file) and against stubs (retries only for PUT, a failed export leaves no
// file). Plus the pure parts: line checking and the bounded pool.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { CmsRecord } from '../../src/api/schemas/index.js'
import { runQuery } from '../../src/cms/engine.js'
import { forEachConcurrent, parseImportLine } from '../../src/cms/import-export.js'
import type { CmsQuery } from '../../src/cms/query.js'
import { testAccount, testContext } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

// no scheduler: its real-clock tick would re-arm on the fake clock of the pool property test and never end
const fx = emulatorFixture({ emulator: { scheduler: false } })

/** Every record of the emulator's posts that a query matches, through its own engine, page after page. */
function everyPage(q: CmsQuery): CmsRecord[] {
  const all = [...fx.emu.state.cms.get('posts')!.values()]
  const out: CmsRecord[] = []
  for (let page = 1; ; page++) {
    const r = runQuery(all, { ...q, page, pageSize: 100 })
    out.push(...(r.data as CmsRecord[]))
    if (page >= r.pagination.page_count) return out
  }
}

const strip = (r: CmsRecord) => ({ id: r.id, data: r.data, tags: r.tags })
const lines = (text: string) => text.split('\n').filter((l) => l !== '')

describe('cms export and import against the emulator', () => {
  it('exports every matching record, then imports them into a new collection: the same records', async () => {
    const dir = tempDir()
    const out = join(dir, 'design.ndjson')
    const t = emulatorContext(fx)
    // the most viewed design posts: two pages (172 records), not five (429 with 1,000 views or more)
    const argv = ['cms', 'export', 'posts', '--where', 'category = "design" and views >= 10000', '--order-by', 'views']
    expect(await t.run([...argv, '--out', out])).toBe(0)
    const expected = everyPage({
      where: {
        and: [
          { field: 'category', op: 'eq', value: 'design' },
          { field: 'views', op: 'gte', value: 10000 },
        ],
      },
      orderBy: [{ field: 'views', direction: 'asc' }],
    })
    expect(expected.length).toBeGreaterThan(100) // more than one page
    const exported = lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as CmsRecord)
    expect(exported).toEqual(expected)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toBe(`exported ${expected.length} records of posts to ${out}\n`)
    expect(readdirSync(dir)).toEqual(['design.ndjson'])

    t.clearOutput()
    expect(await t.run(['cms', 'import', 'design_copy', out, '--concurrency', '8'])).toBe(0)
    expect(t.stderr()).toBe(`created ${expected.length}, updated 0, skipped 0 (resume), failed 0\n`)
    expect(existsSync(`${out}.failed.ndjson`)).toBe(false)
    const copy = [...fx.emu.state.cms.get('design_copy')!.values()]
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect(copy.map(strip).sort(byId)).toEqual(expected.map(strip).sort(byId))
  })

  it('import --in <file> mirrors export --out; the file once, and some file, are required', async () => {
    const dir = tempDir()
    const out = join(dir, 'few.ndjson')
    const t = emulatorContext(fx)
    writeFileSync(out, ['a', 'b', 'c'].map((title) => `${JSON.stringify({ data: { title } })}\n`).join(''))
    expect(await t.run(['cms', 'import', 'few_copy', '--in', out])).toBe(0)
    expect(t.stderr()).toBe('created 3, updated 0, skipped 0 (resume), failed 0\n')
    t.clearOutput()
    expect(await t.run(['cms', 'import', 'few_copy', out, '--in', out])).toBe(2)
    expect(t.stderr()).toContain(`give the file once: ${out} or --in ${out}`)
    t.clearOutput()
    expect(await t.run(['cms', 'import', 'few_copy'])).toBe(2)
    expect(t.stderr()).toContain('cms import needs the file to read')
  })

  it('reports every bad line with its line number and sends nothing', async () => {
    const dir = tempDir()
    const file = join(dir, 'in.ndjson')
    const good = JSON.stringify({ data: { title: 'ok' } })
    writeFileSync(
      file,
      [good, '', '{"data": {"title": "x"', good, '{"title":"no data"}', '{"data":[1]}', good].join('\n'),
    )
    const t = emulatorContext(fx)
    expect(await t.run(['cms', 'import', 'bad_lines', file])).toBe(2)
    expect(t.stderr().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${file}:3: not valid JSON`)),
      `${file}:5: unknown member "title"; a line is {"id"?, "data", "tags"?}`,
      `${file}:6: data must be a JSON object`,
      `error: ${file} has 3 invalid lines; nothing was imported`,
      'hint: fix them, or pass --skip-invalid to import the valid lines',
      '',
    ])
    expect(fx.emu.state.cms.has('bad_lines')).toBe(false)
  })

  it('--skip-invalid imports the rest; invalid lines and server rejections go to <file>.failed.ndjson; exit 1', async () => {
    const dir = tempDir()
    const file = join(dir, 'in.ndjson')
    const rows = [
      { id: 'keep_1', data: { n: 1 }, tags: ['a'] },
      'not json',
      { id: 'bad id!', data: { n: 2 } }, // the emulator refuses this id (400)
      { data: { n: 3 } },
    ]
    writeFileSync(file, `${rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n')}\n`)
    const t = emulatorContext(fx)
    expect(await t.run(['cms', 'import', 'partial', file, '--skip-invalid'])).toBe(1)
    const failedPath = `${file}.failed.ndjson`
    const failed = lines(readFileSync(failedPath, 'utf8')).map((l) => JSON.parse(l))
    expect(failed.map((f) => f.line).sort()).toEqual([2, 3])
    expect(failed.find((f) => f.line === 2)).toMatchObject({ input: 'not json', error: expect.stringMatching(/JSON/) })
    expect(failed.find((f) => f.line === 3)).toMatchObject({ input: rows[2], error: expect.stringMatching(/400/) })
    expect(t.stderr()).toContain(`created 2, updated 0, skipped 0 (resume), failed 2 (failed lines: ${failedPath})\n`)
    expect(t.stderr()).toContain('line 2: not valid JSON')
    expect(t.stderr()).toContain('error: 2 lines not imported')
    const saved = [...fx.emu.state.cms.get('partial')!.values()]
    expect(saved.map((r) => r.data.n).sort()).toEqual([1, 3])
    expect(fx.emu.state.cms.get('partial')!.get('keep_1')?.tags).toEqual(['a'])

    // a later clean run removes the stale report
    writeFileSync(file, `${JSON.stringify(rows[0])}\n`)
    t.clearOutput()
    expect(await t.run(['cms', 'import', 'partial', file])).toBe(0)
    expect(existsSync(failedPath)).toBe(false)
  })

  it('--json prints the summary on stdout', async () => {
    const dir = tempDir()
    const file = join(dir, 'one.ndjson')
    writeFileSync(file, '{"data":{"x":1}}\n')
    const t = emulatorContext(fx)
    expect(await t.run(['cms', 'import', 'summary', file, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({
      collection: 'summary',
      imported: 1,
      created: 1,
      updated: 0,
      skipped: 0,
      failed: 0,
      failures: [],
    })
  })

  it('a missing file and bad --concurrency are usage errors', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['cms', 'import', 'x', '/nonexistent/file.ndjson'])).toBe(2)
    expect(t.stderr()).toBe('error: /nonexistent/file.ndjson: no such file\n')
    expect(await t.run(['cms', 'import', 'x', 'f.ndjson', '--concurrency', '0'])).toBe(2)
    expect(t.stderr()).toMatch(/--concurrency: 0 must be a whole number from 1 to 64/)
  })
})

describe('cms import and export against stubs', () => {
  const base = `/api/v1beta/${testAccount}`

  it('saves every line with PUT (its id, or a derived imp_ id), so a 503 is retried: nothing can duplicate', async () => {
    const dir = tempDir()
    const file = join(dir, 'in.ndjson')
    writeFileSync(file, '{"id":"r1","data":{"a":1}}\n{"data":{"b":2}}\n')
    const t = testContext()
    const calls: string[] = []
    const answer =
      (label: string, statusCode: number, data: object, headers: Record<string, string> = {}) =>
      () => {
        calls.push(label)
        return { statusCode, data, responseOptions: { headers } }
      }
    const busy = { error: { message: 'busy' } }
    const pool = t.agent.get('http://agentry.test')
    pool.intercept({ path: `${base}/cma/records/c/r1`, method: 'PUT' }).reply(answer('PUT 503', 503, busy))
    pool
      .intercept({ path: `${base}/cma/records/c/r1`, method: 'PUT' })
      .reply(answer('PUT 200', 200, { id: 'r1', data: { a: 1 }, tags: [] }))
    const derived = { path: new RegExp(`^${base}/cma/records/c/imp_[A-Za-z0-9_-]{32}$`), method: 'PUT' }
    pool.intercept(derived).reply(answer('PUT imp 503', 503, busy, { 'retry-after': '0' }))
    pool.intercept(derived).reply(answer('PUT imp 201', 201, { id: 'imp_x', data: { b: 2 }, tags: [] }))
    expect(await t.run(['cms', 'import', 'c', file, '--concurrency', '1'])).toBe(0)
    expect(calls).toEqual(['PUT 503', 'PUT 200', 'PUT imp 503', 'PUT imp 201'])
    expect(t.stderr()).toBe('created 1, updated 1, skipped 0 (resume), failed 0\n')
    expect(existsSync(`${file}.failed.ndjson`)).toBe(false)
  })

  it('stops sending after a 401; the lines not sent are left for --resume, not called failed', async () => {
    const dir = tempDir()
    const file = join(dir, 'in.ndjson')
    writeFileSync(file, '{"id":"a","data":{}}\n{"id":"b","data":{}}\n{"id":"c","data":{}}\n')
    const t = testContext()
    let puts = 0
    t.agent
      .get('http://agentry.test')
      .intercept({ path: new RegExp(`^${base}/cma/records/c/imp_`), method: 'PUT' })
      .reply(() => {
        puts++
        return { statusCode: 401, data: { error: { message: 'bad key' } } }
      })
      .persist()
    expect(await t.run(['cms', 'import', 'c', file, '--concurrency', '1', '--ignore-ids'])).toBe(1)
    expect(puts).toBe(1)
    const failed = lines(readFileSync(`${file}.failed.ndjson`, 'utf8')).map((l) => JSON.parse(l))
    expect(failed.map((f) => [f.line, f.error.replace(/PUT \S+: /, 'PUT …: ')])).toEqual([[1, 'PUT …: 401 bad key']])
    expect(t.stderr()).toContain('created 0, updated 0, skipped 0 (resume), failed 1')
    expect(t.stderr()).toContain('error: stopped after 401 bad key')
    const state = JSON.parse(readFileSync(`${file}.agentry-import.json`, 'utf8'))
    expect(state.progress).toEqual({ mark: 1, failed: [1] })
  })

  it('an export that fails half-way leaves the old file alone, and --resume fetches only what is missing', async () => {
    const dir = tempDir()
    const out = join(dir, 'out.ndjson')
    writeFileSync(out, 'an older complete export\n')
    const t = testContext()
    const pool = t.agent.get('http://agentry.test')
    const page1 = {
      data: [{ id: 'a', data: {}, tags: [] }],
      pagination: { total: 2, page: 1, page_count: 2, page_size: 1 },
    }
    pool.intercept({ path: `${base}/cda/records/posts?page=1&pageSize=100`, method: 'GET' }).reply(200, page1)
    pool
      .intercept({ path: `${base}/cda/records/posts?page=2&pageSize=100`, method: 'GET' })
      .reply(500, { error: { message: 'boom' } })
    expect(await t.run(['--retries', '0', 'cms', 'export', 'posts', '--out', out])).toBe(7)
    expect(readdirSync(dir).sort()).toEqual([
      'out.ndjson',
      'out.ndjson.agentry-export.json',
      'out.ndjson.agentry-export.part',
    ])
    expect(readFileSync(out, 'utf8')).toBe('an older complete export\n')
    expect(t.stderr()).toContain('run it again with --resume')

    // page 1 is asked for again (it tells the page count) but not written twice
    pool.intercept({ path: `${base}/cda/records/posts?page=1&pageSize=100`, method: 'GET' }).reply(200, page1)
    pool
      .intercept({ path: `${base}/cda/records/posts?page=2&pageSize=100`, method: 'GET' })
      .reply(200, { ...page1, data: [{ id: 'b', data: {}, tags: [] }] })
    expect(await t.run(['cms', 'export', 'posts', '--out', out, '--resume'])).toBe(0)
    expect(readdirSync(dir)).toEqual(['out.ndjson'])
    expect(lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l).id)).toEqual(['a', 'b'])
  })
})

describe('import lines', () => {
  it('accepts {data}, {data, tags}, exported records; refuses the rest with a reason', () => {
    expect(parseImportLine('{"data":{"a":1}}')).toEqual({ ok: true, item: { data: { a: 1 } } })
    expect(parseImportLine('  \r')).toEqual({ ok: 'blank' })
    const exported = { id: 'p1', data: { a: 1 }, tags: ['x'], createdAt: 't', updatedAt: 't' }
    expect(parseImportLine(`\uFEFF${JSON.stringify(exported)}\r`)).toEqual({
      ok: true,
      item: { id: 'p1', data: { a: 1 }, tags: ['x'] },
    })
    const bad: [string, RegExp][] = [
      ['[]', /must be a JSON object/],
      ['{"data":null}', /data must be a JSON object/],
      ['{"data":{},"tags":"a"}', /tags must be an array/],
      ['{"data":{},"tags":["a,b"]}', /tags\[0\] must be a non-empty string without commas/],
      ['{"data":{},"id":7}', /id must be a non-empty string/],
      ['{"data":{},"extra":1}', /unknown member "extra"/],
      ['{}', /data is missing/],
    ]
    for (const [line, why] of bad) {
      const r = parseImportLine(line)
      expect(r.ok).toBe(false)
      expect(r.ok === false && r.error).toMatch(why)
    }
  })

  it('the pool never runs more than its limit, runs every item, and starts them in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(5), { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (delays, limit) => {
          let inFlight = 0
          let most = 0
          const started: number[] = []
          async function* items() {
            for (let i = 0; i < delays.length; i++) yield i
          }
          // each task's work takes delays[i] ms of a fake clock: the property runs without waiting for real time
          vi.useFakeTimers()
          try {
            const done = forEachConcurrent(items(), limit, async (i) => {
              started.push(i)
              inFlight++
              most = Math.max(most, inFlight)
              await new Promise((r) => setTimeout(r, delays[i]))
              inFlight--
            })
            await vi.runAllTimersAsync()
            await done
          } finally {
            vi.useRealTimers()
          }
          expect(most).toBeLessThanOrEqual(limit)
          expect(started).toEqual(delays.map((_, i) => i))
          expect(inFlight).toBe(0)
        },
      ),
      { numRuns: 40 },
    )
  })
})
