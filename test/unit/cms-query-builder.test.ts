import { describe, expect, it } from 'vitest'
import { query } from '../../src/cms/query-builder.js'
import { parseQueryParams } from '../../src/cms/query-params.js'
import { parseWhere } from '../../src/cms/where-parser.js'

describe('query builder', () => {
  it('gives boolean precedence with grouping: status eq X AND (A OR B)', () => {
    const q = query('posts')
      .where('status', 'eq', 'published')
      .andOpenGrouping()
      .where('views', 'gt', 100)
      .or('featured', 'eq', true)
      .closeGrouping()
    expect(q.toQuery().where).toEqual(parseWhere('status = "published" and (views > 100 or featured = true)'))
  })

  it('binds and tighter than or at one level, like the --where language', () => {
    const q = query('posts').where('a', 'eq', 1).or('b', 'eq', 2).and('c', 'eq', 3)
    expect(q.toQuery().where).toEqual(parseWhere('a = 1 or b = 2 and c = 3'))
  })

  it('joins groups with or and nests them', () => {
    const q = query('posts')
      .openGrouping()
      .where('a', 'eq', 1)
      .and('b', 'eq', 2)
      .closeGrouping()
      .orOpenGrouping()
      .where('c', 'in', ['x', 'y'])
      .andOpenGrouping()
      .where('d', 'like', 'z')
      .or('e', 'lt', 0)
      .closeGrouping()
      .closeGrouping()
    expect(q.toQuery().where).toEqual(parseWhere('(a = 1 and b = 2) or (c in ["x", "y"] and (d like "z" or e < 0))'))
  })

  it('makes a single-condition group the condition itself', () => {
    expect(query('p').openGrouping().where('a', 'eq', 1).closeGrouping().toQuery().where).toEqual(parseWhere('a = 1'))
  })

  it('collects select, groupBy, orderBy, paging, aggregates and tags, and encodes them', () => {
    const b = query('posts')
      .select('title', 'author.name')
      .groupBy('category')
      .orderBy('views', 'desc')
      .orderBy('title')
      .page(2)
      .pageSize(30)
      .count()
      .count('author.name')
      .sum('views')
      .avg('views')
      .min('createdAt')
      .max('views')
      .tags('news', 'tech')
      .id('rec_1')
    expect(b.collection).toBe('posts')
    expect(b.recordId).toBe('rec_1')
    const q = b.toQuery()
    expect(q).toEqual({
      select: ['title', 'author.name'],
      groupBy: ['category'],
      orderBy: [
        { field: 'views', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
      page: 2,
      pageSize: 30,
      aggregates: [
        { fn: 'count', field: '*' },
        { fn: 'count', field: 'author.name' },
        { fn: 'sum', field: 'views' },
        { fn: 'avg', field: 'views' },
        { fn: 'min', field: 'createdAt' },
        { fn: 'max', field: 'views' },
      ],
      tags: ['news', 'tech'],
    })
    expect(b.toParams().get('aggregate')).toBe('count:*,count:author.name,sum:views,avg:views,min:createdAt,max:views')
    expect(parseQueryParams(b.toParams())).toEqual(q)
  })

  it('returns copies, so later calls do not change an earlier query', () => {
    const b = query('p').where('a', 'in', [1]).select('x')
    const first = b.toQuery()
    b.select('y').and('b', 'eq', 2)
    expect(first).toEqual({ where: { field: 'a', op: 'in', value: [1] }, select: ['x'] })
  })

  it('throws on misuse', () => {
    expect(() => query('p').closeGrouping()).toThrow(/without an open group/)
    expect(() => query('p').openGrouping().closeGrouping()).toThrow(/empty group/)
    expect(() => query('p').openGrouping().where('a', 'eq', 1).toQuery()).toThrow(/not closed/)
    expect(() => query('p').where('a', 'in', 'x')).toThrow(/"in" takes an array/)
    expect(() => query('p').where('a..b', 'eq', 1)).toThrow(/not a field name/)
    expect(() => query('p').page(0)).toThrow(RangeError)
    expect(() => query('p').pageSize(1.5)).toThrow(RangeError)
    expect(() => query('p').sum('*')).toThrow(/needs a field/)
  })
})

describe('page size range', () => {
  it('pageSize is 1–100, the interface maximum (wire.md)', () => {
    expect(query('p').pageSize(100).toQuery().pageSize).toBe(100)
    expect(() => query('p').pageSize(101)).toThrow(/pageSize must be 1–100/)
    expect(() => query('p').pageSize(0)).toThrow(RangeError)
  })
})
