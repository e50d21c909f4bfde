// `agentry cms query`: the exact wire parameters of a complex query, --all page following with rows streamed, the
// columns of records and aggregate rows, and usage errors (exit 2) that name the flag, before anything is sent.
import { describe, expect, it } from 'vitest'
import { type TestContext, testAccount, testContext } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'

const base = `/api/v1beta/${testAccount}`

const rec = (i: number, data: Record<string, unknown>) => ({
  id: `post_${i}`,
  data,
  tags: ['ai'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
})
const page = (data: unknown[], p: number, pageCount: number, total: number, size = 100) => ({
  data,
  pagination: { total, page: p, page_count: pageCount, page_size: size },
})

/** Stubs the query route of `collection`; records each request's decoded query parameters. */
function stubQuery(t: TestContext, answer: (q: URLSearchParams) => object, access = 'cda', collection = 'posts') {
  const seen: URLSearchParams[] = []
  const prefix = `${base}/${access}/records/${collection}?`
  t.http
    .intercept({ path: (p: string) => p.startsWith(prefix), method: 'GET' })
    .reply((req) => {
      const q = new URL(req.path, 'http://x').searchParams
      seen.push(q)
      return { statusCode: 200, data: answer(q) }
    })
    .persist()
  return seen
}

/**
 * A collection without a record type: an empty answer makes `cms query` look up the fields it names (issue 33
 * item 1), first in the record type (404 here), then in a page of the collection (stubQuery's answer).
 */
function noRecordType(t: TestContext, collection = 'posts') {
  t.http
    .intercept({ path: `${base}/record-types/${collection}`, method: 'GET' })
    .reply(404, { error: { message: 'no' } })
}

describe('cms query: the wire parameters', () => {
  it('sends where (ANDed, as the filter tree), select, orderBy, groupBy, aggregate, tags and paging', async () => {
    const t = testContext()
    const seen = stubQuery(t, () => page([{ status: 'published', count: 3, views_sum: 30 }], 2, 2, 2, 50))
    const argv = ['cms', 'query', 'posts', '--where', 'status = "published" and (views > 100 or featured = true)']
    argv.push('--where', 'category in ["news", "design"]', '--select', 'author.name')
    argv.push('--order-by', 'views_sum:desc,status', '--order-by', 'count:ASC', '--group-by', 'status')
    argv.push('--count', '--sum', 'views', '--avg', 'views', '--min', 'readingMinutes', '--max', 'publishedAt')
    argv.push('--tags', 'ai,cli', '--page', '2', '--page-size', '50', '--access', 'cda')
    expect(await t.run(argv)).toBe(0)
    expect(seen).toHaveLength(1)
    const q = seen[0]!
    expect([...q.keys()]).toEqual(['where', 'select', 'orderBy', 'groupBy', 'aggregate', 'tags', 'page', 'pageSize'])
    expect(JSON.parse(q.get('where')!)).toEqual({
      and: [
        { field: 'status', op: 'eq', value: 'published' },
        {
          or: [
            { field: 'views', op: 'gt', value: 100 },
            { field: 'featured', op: 'eq', value: true },
          ],
        },
        { field: 'category', op: 'in', value: ['news', 'design'] },
      ],
    })
    expect(Object.fromEntries([...q].filter(([k]) => k !== 'where'))).toEqual({
      select: 'author.name',
      orderBy: 'views_sum:desc,status:asc,count:asc',
      groupBy: 'status',
      aggregate: 'count:*,sum:views,avg:views,min:readingMinutes,max:publishedAt',
      tags: 'ai,cli',
      page: '2',
      pageSize: '50',
    })
    // aggregate rows: grouped fields (groupBy, then select), then one column per aggregate, in the flags' order
    expect(t.stdout()).toBe('published\t\t3\t30\t\t\t\n')
    expect(t.stderr()).toBe('')
  })

  it('sends a single --where as the bare condition, and the management access when asked', async () => {
    const t = testContext()
    const seen = stubQuery(t, () => page([], 1, 0, 0), 'cma')
    noRecordType(t)
    expect(
      await t.run(['cms', 'query', 'posts', '--access', 'cma', '-w', 'title ilike "agent"', '--count', 'views']),
    ).toBe(0)
    expect(JSON.parse(seen[0]!.get('where')!)).toEqual({ field: 'title', op: 'ilike', value: 'agent' })
    expect(seen[0]!.get('aggregate')).toBe('count:views')
    expect(seen[0]!.get('pageSize')).toBeNull()
  })
})

describe('cms query: records', () => {
  it('prints id and every data field as TSV when piped; JSON as the service returns it', async () => {
    const t = testContext()
    const a = rec(1, { title: 'A', status: 'draft', views: 0, author: { name: 'Ada' }, featured: false })
    stubQuery(t, () => page([a], 1, 1, 1, 20))
    expect(await t.run(['cms', 'query', 'posts'])).toBe(0)
    expect(t.stdout()).toBe('post_1\tA\tdraft\t0\t{"name":"Ada"}\tfalse\n')
    t.clearOutput()
    expect(await t.run(['cms', 'query', 'posts', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual([a])
  })

  it('shows the selected (nested) fields as columns, with a header on a terminal', async () => {
    const t = testContext({ tty: true })
    stubQuery(t, () => page([rec(1, { title: 'Hi', author: { name: 'Ada' } })], 1, 1, 1, 20))
    expect(await t.run(['cms', 'query', 'posts', '--select', 'title, author.name'])).toBe(0)
    expect(t.stdout().split('\n')[0]!.split(/\s+/)).toEqual(['ID', 'DATA.TITLE', 'DATA.AUTHOR.NAME'])
    expect(t.stdout()).toMatch(/post_1 +Hi +Ada/)
  })

  it("columns are the union of the records' fields in first-seen order: a later record's extra field gets one", async () => {
    const t = testContext({ tty: true })
    const records = [rec(1, { title: 'A', views: 1 }), rec(2, { title: 'B', views: 2, author: 'Ada' })]
    records.push(rec(3, { title: 'C', views: 3, tags: 'x', lang: 'en', pinned: true }))
    stubQuery(t, () => page(records, 1, 1, 3, 20))
    expect(await t.run(['cms', 'query', 'posts'])).toBe(0)
    const header = ['ID', 'DATA.TITLE', 'DATA.VIEWS', 'DATA.AUTHOR', 'DATA.TAGS', 'DATA.LANG', 'DATA.PINNED']
    expect(t.stdout().split('\n')[0]!.split(/\s+/)).toEqual(header)
    expect(t.stdout()).toMatch(/post_2 +B +2 +Ada/)
    expect(t.stdout()).toMatch(/post_3 +C +3 +x +en +true/)
  })

  it('TSV has the same columns on every row, from the first page, empty where a record lacks the field', async () => {
    const t = testContext()
    stubQuery(t, () => page([rec(1, { title: 'A' }), rec(2, { author: 'Ada', title: 'B' })], 1, 1, 2, 20))
    expect(await t.run(['cms', 'query', 'posts', '-o', 'tsv'])).toBe(0)
    expect(t.stdout()).toBe('post_1\tA\t\npost_2\tB\tAda\n')
  })

  it('--all follows every page at the largest page size and streams NDJSON in order', async () => {
    const t = testContext()
    const total = 250
    const seen = stubQuery(t, (q) => {
      const p = Number(q.get('page'))
      const size = Number(q.get('pageSize'))
      const items = []
      for (let i = (p - 1) * size + 1; i <= Math.min(total, p * size); i++) items.push(rec(i, { n: i }))
      return page(items, p, Math.ceil(total / size), total, size)
    })
    expect(await t.run(['cms', 'query', 'posts', '--all', '-o', 'ndjson'])).toBe(0)
    expect(seen.map((q) => `${q.get('page')}/${q.get('pageSize')}`)).toEqual(['1/100', '2/100', '3/100'])
    const ids = t
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id)
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => `post_${i + 1}`))
  })

  it('without --all prints one page only', async () => {
    const t = testContext()
    const seen = stubQuery(t, () => page([rec(1, { n: 1 })], 1, 5, 5, 1))
    expect(await t.run(['cms', 'query', 'posts', '--limit', '1'])).toBe(0)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.get('pageSize')).toBe('1')
  })
})

describe('cms query: one list presenter (issue 22 items 4, 5, 7)', () => {
  it('--select id,title shows ID and DATA.TITLE once each (the paths --jq reads), on a terminal and piped', async () => {
    const t = testContext({ tty: true })
    stubQuery(t, () => page([rec(1, { title: 'A' }), rec(2, { title: 'B' })], 1, 1, 2, 2))
    expect(await t.run(['cms', 'query', 'posts', '--limit', '2', '--select', 'id,title'])).toBe(0)
    expect(t.stdout()).toBe('ID      DATA.TITLE\npost_1  A\npost_2  B\n')
    // the column is the JSON's own path: --jq reads what the table shows
    const j = testContext()
    stubQuery(j, () => page([rec(1, { title: 'A' })], 1, 1, 1, 2))
    expect(await j.run(['cms', 'query', 'posts', '--select', 'title', '--jq', '.[].data.title'])).toBe(0)
    expect(j.stdout()).toBe('A\n')
    const p = testContext()
    stubQuery(p, () => page([rec(1, { title: 'A' })], 1, 1, 1, 2))
    expect(await p.run(['cms', 'query', 'posts', '--select', 'id,title,createdAt'])).toBe(0)
    expect(p.stdout()).toBe('post_1\tA\t2025-01-01T00:00:00.000Z\n')
  })

  it('on a terminal: "2 of 5 — use --all or --page 2" after a page, "no records" for an empty result', async () => {
    const t = testContext({ tty: true })
    stubQuery(t, () => page([rec(1, { title: 'A' }), rec(2, { title: 'B' })], 1, 3, 5, 2))
    expect(await t.run(['cms', 'query', 'posts', '--limit', '2'])).toBe(0)
    expect(t.stderr()).toBe('2 of 5 — use --all or --page 2\n')
    const e = testContext({ tty: true })
    stubQuery(e, () => page([], 1, 0, 0, 20))
    noRecordType(e)
    expect(await e.run(['cms', 'query', 'posts', '--where', 'views > 1000000'])).toBe(0)
    expect(e.stdout()).toBe('')
    expect(e.stderr()).toBe('no records\n')
    const g = testContext({ tty: true })
    stubQuery(g, () => page([], 1, 0, 0, 20))
    noRecordType(g)
    expect(await g.run(['cms', 'query', 'posts', '--group-by', 'status', '--count'])).toBe(0)
    expect(g.stderr()).toBe('no rows\n')
  })

  it('piped TSV: every line has the same columns over --all, following --select when given', async () => {
    const t = testContext()
    stubQuery(t, (q) =>
      q.get('page') === '1'
        ? page([rec(1, { views: 1 }), rec(2, { title: 'B', views: 2 })], 1, 2, 3, 2)
        : page([rec(3, { title: 'C', lang: 'en' })], 2, 2, 3, 2),
    )
    expect(await t.run(['cms', 'query', 'posts', '--all'])).toBe(0)
    expect(t.stdout()).toBe('post_1\t1\t\npost_2\t2\tB\npost_3\t\tC\n')
    const s = testContext()
    stubQuery(s, () => page([rec(1, { views: 1 }), rec(2, { title: 'B', views: 2 })], 1, 1, 2, 2))
    expect(await s.run(['cms', 'query', 'posts', '--select', 'title,views'])).toBe(0)
    expect(s.stdout()).toBe('post_1\t\t1\npost_2\tB\t2\n')
  })
})

describe('cms query: usage errors', () => {
  it('--count before the collection: explains that --count took it as its field, before any request', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', '--count', 'posts'])).toBe(2)
    expect(t.stderr()).toContain('--count takes an optional field, so "posts" was read as the field to count')
    expect(t.stderr()).toContain('agentry cms query posts --count')
    expect(t.stderr()).toContain('agentry cms query --count <field> posts')
  })

  it('a missing collection without --count is still a plain usage error; the usage line shows <collection>', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', '--count'])).toBe(2)
    expect(t.stderr()).toContain("missing required argument 'collection'")
    const h = testContext()
    expect(await h.run(['cms', 'query', '--help'])).toBe(0)
    expect(h.stdout()).toMatch(/Usage: agentry cms query\|q \[options\] <collection>/)
  })

  it('a --where error on an emoji prints the emoji itself, not a lone surrogate escape', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', 'posts', '--where', 'mood = 1 and 😀 = 2'])).toBe(2)
    expect(t.stderr()).toContain('unexpected character "😀" at column 14')
    expect(t.stderr()).not.toContain('\\ud83d')
  })

  it('a --where syntax error exits 2 with the caret line, before any request', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', 'posts', '--where', 'status = "published" and ('])).toBe(2)
    const lines = t.stderr().split('\n')
    expect(lines[0]).toMatch(/^error: --where: expected a field name at column 27: status = "published" and \($/)
    // the caret sits under column 27 (just after the input's last character), under the printed line
    expect(lines[1]).toBe(`${' '.repeat(lines[0]!.length)}^`)
    expect(t.stdout()).toBe('')
  })

  it('names which --where is wrong when there are several', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', 'posts', '-w', 'a = 1', '-w', 'b ==  2'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: --where #2: /)
  })

  it.each([
    [['--order-by', 'views:up'], /--order-by: direction must be asc or desc, got "up"/],
    [['--select', 'title,,views'], /--select: empty item/],
    [['--page', '0'], /--page: 0 must be a whole number from 1 up/],
    [['--page-size', 'ten'], /--page-size: ten must be a whole number from 1 to 100/],
    [['--page-size', '10', '--limit', '20'], /--page-size and --limit are the same setting/],
    [['--access', 'admin'], /--access.*Allowed choices are cda, cma/],
    [['--count', 'a,b'], /--count takes one field/],
    [['--sum', '.views'], /--sum: "\.views" is not a field name/],
  ])('%j exits 2 naming the flag', async (flags, pattern) => {
    const t = testContext()
    expect(await t.run(['cms', 'query', 'posts', ...flags])).toBe(2)
    expect(t.stderr()).toMatch(pattern)
    expect(t.stdout()).toBe('')
  })

  it('--count before the collection swallows it: the error says so and how to write it', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', '--count', 'posts'])).toBe(2)
    expect(t.stderr()).toContain('missing the collection: --count takes an optional field, so "posts" was read')
    expect(t.stderr()).toContain('agentry cms query posts --count')
    const plain = testContext()
    expect(await plain.run(['cms', 'query'])).toBe(2)
    expect(plain.stderr()).toContain("missing required argument 'collection'")
  })

  it('a 404 for an unknown collection exits 3', async () => {
    const t = testContext()
    t.http
      .intercept({ path: `${base}/cda/records/nope?page=1`, method: 'GET' })
      .reply(404, { error: { message: 'collection "nope" not found' } })
    expect(await t.run(['cms', 'query', 'nope'])).toBe(3)
    expect(t.stderr()).toContain('404 collection "nope" not found')
  })
})

describe('--help', () => {
  itShowsExamples([
    ['cms'],
    ['cms', 'query'],
    ['cms', 'get'],
    ['cms', 'save'],
    ['cms', 'delete'],
    ['cms', 'export'],
    ['cms', 'import'],
  ])
})
