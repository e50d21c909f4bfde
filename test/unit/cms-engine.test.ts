import { describe, expect, it } from 'vitest'
import type { CmsRecord } from '../../src/api/schemas/index.js'
import { runQuery } from '../../src/cms/engine.js'
import type { CmsQuery } from '../../src/cms/query.js'
import { parseWhere } from '../../src/cms/where-parser.js'

const records: CmsRecord[] = [
  {
    id: 'r1',
    data: {
      title: 'Hello World',
      status: 'published',
      views: 150,
      featured: false,
      author: { name: 'Ann', age: 30 },
      category: 'news',
    },
    tags: ['news', 'tech'],
    createdAt: '2024-01-01T00:00:00Z',
  },
  {
    id: 'r2',
    data: {
      title: 'second post',
      status: 'draft',
      views: 50,
      featured: true,
      author: { name: 'bob' },
      category: 'tech',
    },
    tags: ['tech'],
    createdAt: '2024-02-01T00:00:00Z',
  },
  {
    id: 'r3',
    data: { title: 'Third', status: 'published', views: null, author: { name: 'Cy', age: 41 }, category: 'news' },
    tags: [],
    createdAt: '2024-03-01T00:00:00Z',
  },
  {
    id: 'r4',
    data: { title: 'fourth', status: 'published', views: 300, featured: true, category: 'tech', id: 'custom' },
    createdAt: '2023-12-01T00:00:00Z',
  },
  { id: 'r5', data: { title: 'Fifth', status: 'archived', views: '200', category: 'news' }, tags: ['news'] },
]

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x)
    Object.freeze(v)
  }
  return v
}
deepFreeze(records)

const ids = (q: CmsQuery) => (runQuery(records, { pageSize: 100, ...q }).data as CmsRecord[]).map((r) => r.id)
const whereIds = (expr: string) => ids({ where: parseWhere(expr) })

describe('runQuery filters', () => {
  it('runs the commands.md example', () => {
    expect(whereIds('status = "published" and (views > 100 or featured = true)')).toEqual(['r1', 'r4'])
  })

  it.each([
    ['views = null', ['r3']],
    ['featured = null', ['r3', 'r5']],
    ['status != "published"', ['r2', 'r5']],
    ['featured != true', ['r1', 'r3', 'r5']],
    ['views = 150', ['r1']],
    ['views = "150"', []],
    ['views > 100', ['r1', 'r4']],
    ['views >= 150', ['r1', 'r4']],
    ['views > "100"', ['r5']],
    ['views < 1000', ['r1', 'r2', 'r4']],
    ['views <= 50', ['r2']],
    ['title like "o"', ['r1', 'r2', 'r4']],
    ['title like "hello"', []],
    ['title ilike "HELLO"', ['r1']],
    ['title begins "F"', ['r5']],
    ['title ends "post"', ['r2']],
    ['views like "2"', ['r5']],
    ['category in ["tech"]', ['r2', 'r4']],
    ['author.age notIn [30]', ['r2', 'r3', 'r4', 'r5']],
    ['featured in [null, false]', ['r1', 'r3', 'r5']],
    ['category in []', []],
    ['category notIn []', ['r1', 'r2', 'r3', 'r4', 'r5']],
    ['author.name = "Ann"', ['r1']],
    ['author.name.first = "Ann"', []],
    ['id = "r2"', ['r2']],
    ['id = "custom"', ['r4']],
    ['createdAt < "2024-01-15"', ['r1', 'r4']],
    ['a = 1 or title ends "h"', ['r4', 'r5']],
  ])('%s', (expr, expected) => {
    expect(whereIds(expr)).toEqual(expected)
  })

  it('filters by tags: a record needs every tag named', () => {
    expect(ids({ tags: ['news'] })).toEqual(['r1', 'r5'])
    expect(ids({ tags: ['news', 'tech'] })).toEqual(['r1'])
    expect(ids({ tags: ['tech'], where: parseWhere('views < 100') })).toEqual(['r2'])
  })
})

describe('runQuery select, order and paging', () => {
  it('reduces data to the selected (nested) fields and keeps the record members', () => {
    const out = runQuery(records, {
      where: parseWhere('title in ["Hello World", "fourth"]'),
      select: ['title', 'author.name'],
    })
    expect(out.data).toEqual([
      { ...records[0], data: { title: 'Hello World', author: { name: 'Ann' } } },
      { ...records[3], data: { title: 'fourth' } },
    ])
    const whole = runQuery(records, { where: parseWhere('id = "r1"'), select: ['author.name', 'author'] })
    expect(whole.data).toEqual([{ ...records[0], data: { author: { name: 'Ann', age: 30 } } }])
  })

  it('orders numbers, then strings, then null/missing in asc; desc is the reverse', () => {
    expect(ids({ orderBy: [{ field: 'views', direction: 'asc' }] })).toEqual(['r2', 'r1', 'r4', 'r5', 'r3'])
    expect(ids({ orderBy: [{ field: 'views', direction: 'desc' }] })).toEqual(['r3', 'r5', 'r4', 'r1', 'r2'])
  })

  it('orders by several keys and keeps ties in stored order', () => {
    const orderBy = [
      { field: 'category', direction: 'asc' },
      { field: 'author.age', direction: 'desc' },
    ] as const
    expect(ids({ orderBy: [...orderBy] })).toEqual(['r5', 'r3', 'r1', 'r2', 'r4'])
    expect(ids({ orderBy: [{ field: 'status', direction: 'asc' }] })).toEqual(['r5', 'r2', 'r1', 'r3', 'r4'])
  })

  it('pages with the pagination object of 2.6', () => {
    expect(runQuery(records, { page: 2, pageSize: 2 })).toEqual({
      data: [records[2], records[3]],
      pagination: { total: 5, page: 2, page_count: 3, page_size: 2 },
    })
    expect(runQuery(records, { page: 9, pageSize: 2 })).toEqual({
      data: [],
      pagination: { total: 5, page: 9, page_count: 3, page_size: 2 },
    })
    expect(runQuery(records, {}).pagination).toEqual({ total: 5, page: 1, page_count: 1, page_size: 20 })
    expect(runQuery(records, { pageSize: 500 }).pagination.page_size).toBe(100)
    expect(runQuery(records, { where: parseWhere('x = 1') })).toEqual({
      data: [],
      pagination: { total: 0, page: 1, page_count: 0, page_size: 20 },
    })
  })

  it('refuses paging values a validated query cannot hold', () => {
    expect(() => runQuery(records, { page: 0 })).toThrow(RangeError)
    expect(() => runQuery(records, { pageSize: 0 })).toThrow(RangeError)
  })
})

describe('runQuery aggregates', () => {
  const aggregates = [
    { fn: 'count', field: '*' },
    { fn: 'count', field: 'views' },
    { fn: 'sum', field: 'views' },
    { fn: 'avg', field: 'views' },
    { fn: 'min', field: 'views' },
    { fn: 'max', field: 'title' },
  ] as CmsQuery['aggregates']
  const news = {
    category: 'news',
    count: 3,
    views_count: 2,
    views_sum: 150,
    views_avg: 150,
    views_min: 150,
    title_max: 'Third',
  }
  const tech = {
    category: 'tech',
    count: 2,
    views_count: 2,
    views_sum: 350,
    views_avg: 175,
    views_min: 50,
    title_max: 'second post',
  }

  it('groups by a field with count, sum, avg, min and max members', () => {
    expect(runQuery(records, { groupBy: ['category'], aggregates })).toEqual({
      data: [news, tech],
      pagination: { total: 2, page: 1, page_count: 1, page_size: 20 },
    })
  })

  it('orders and pages aggregate rows by their own members', () => {
    const out = runQuery(records, {
      groupBy: ['category'],
      aggregates,
      orderBy: [{ field: 'views_sum', direction: 'desc' }],
      page: 2,
      pageSize: 1,
    })
    expect(out).toEqual({ data: [news], pagination: { total: 2, page: 2, page_count: 2, page_size: 1 } })
  })

  it('gives one row over all matches without group fields, even with no match', () => {
    expect(
      runQuery(records, { where: parseWhere('status = "published"'), aggregates: [{ fn: 'count', field: '*' }] }).data,
    ).toEqual([{ count: 3 }])
    expect(
      runQuery(records, {
        where: parseWhere('x = 1'),
        aggregates: [
          { fn: 'count', field: '*' },
          { fn: 'sum', field: 'views' },
        ],
      }).data,
    ).toEqual([{ count: 0, views_sum: null }])
  })

  it('keys dotted group fields by their dotted name, missing as null, and treats select as group fields', () => {
    expect(runQuery(records, { groupBy: ['author.name'], aggregates: [{ fn: 'count', field: '*' }] }).data).toEqual([
      { 'author.name': 'Ann', count: 1 },
      { 'author.name': 'bob', count: 1 },
      { 'author.name': 'Cy', count: 1 },
      { 'author.name': null, count: 2 },
    ])
    expect(runQuery(records, { select: ['category'], aggregates: [{ fn: 'count', field: '*' }] }).data).toEqual([
      { category: 'news', count: 3 },
      { category: 'tech', count: 2 },
    ])
  })

  it('takes min and max over strings when a field has no numbers', () => {
    expect(
      runQuery(records, {
        aggregates: [
          { fn: 'min', field: 'createdAt' },
          { fn: 'max', field: 'createdAt' },
        ],
      }).data,
    ).toEqual([{ createdAt_min: '2023-12-01T00:00:00Z', createdAt_max: '2024-03-01T00:00:00Z' }])
  })

  it('returns distinct group values for groupBy without aggregates', () => {
    expect(runQuery(records, { groupBy: ['status'] }).data).toEqual([
      { status: 'published' },
      { status: 'draft' },
      { status: 'archived' },
    ])
  })
})
