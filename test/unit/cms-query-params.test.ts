import { describe, expect, it } from 'vitest'
import type { CmsQuery } from '../../src/cms/query.js'
import { parseQueryParams, QueryParamError, toSearchParams } from '../../src/cms/query-params.js'
import { parseWhere } from '../../src/cms/where-parser.js'

function paramError(qs: string): QueryParamError {
  try {
    parseQueryParams(qs)
  } catch (e) {
    if (e instanceof QueryParamError) return e
    throw e
  }
  throw new Error(`parsed without error: ${qs}`)
}

describe('toSearchParams', () => {
  it('encodes every member in the wire.md form', () => {
    const q: CmsQuery = {
      where: { field: 'status', op: 'eq', value: 'published' },
      select: ['title', 'author.name'],
      orderBy: [
        { field: 'views', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
      groupBy: ['category'],
      aggregates: [
        { fn: 'count', field: '*' },
        { fn: 'sum', field: 'views' },
      ],
      tags: ['a', 'b'],
      page: 2,
      pageSize: 50,
    }
    const p = toSearchParams(q)
    expect(Object.fromEntries(p)).toEqual({
      where: '{"field":"status","op":"eq","value":"published"}',
      select: 'title,author.name',
      orderBy: 'views:desc,title:asc',
      groupBy: 'category',
      aggregate: 'count:*,sum:views',
      tags: 'a,b',
      page: '2',
      pageSize: '50',
    })
    expect(parseQueryParams(p)).toEqual(q)
  })

  it('leaves out absent members and empty lists', () => {
    expect(toSearchParams({ select: [], tags: [] }).toString()).toBe('')
  })

  it('refuses list items that cannot travel in a comma-separated list', () => {
    expect(() => toSearchParams({ tags: ['a,b'] })).toThrow(QueryParamError)
  })
})

describe('parseQueryParams', () => {
  it('returns an empty query for no parameters and ignores unknown ones', () => {
    expect(parseQueryParams('')).toEqual({})
    expect(parseQueryParams('foo=bar&select=')).toEqual({})
  })

  it('accepts orderBy without a direction (asc) and in any case', () => {
    expect(parseQueryParams('orderBy=title,views:DESC').orderBy).toEqual([
      { field: 'title', direction: 'asc' },
      { field: 'views', direction: 'desc' },
    ])
  })

  it('reads count without a field as count:*', () => {
    expect(parseQueryParams('aggregate=count,count:author.name,max:views').aggregates).toEqual([
      { fn: 'count', field: '*' },
      { fn: 'count', field: 'author.name' },
      { fn: 'max', field: 'views' },
    ])
  })

  it('clamps pageSize to 100, never an error', () => {
    expect(parseQueryParams('pageSize=101').pageSize).toBe(100)
    expect(parseQueryParams('pageSize=99999999999999999999999').pageSize).toBe(100)
    expect(parseQueryParams('pageSize=7&page=3')).toEqual({ pageSize: 7, page: 3 })
  })

  it('ANDs repeated where parameters and concatenates repeated lists', () => {
    const p = new URLSearchParams()
    p.append('where', JSON.stringify({ field: 'a', op: 'eq', value: 1 }))
    p.append('where', JSON.stringify({ field: 'b', op: 'in', value: [2] }))
    p.append('tags', 'x')
    p.append('tags', 'y,z')
    expect(parseQueryParams(p)).toEqual({
      where: {
        and: [
          { field: 'a', op: 'eq', value: 1 },
          { field: 'b', op: 'in', value: [2] },
        ],
      },
      tags: ['x', 'y', 'z'],
    })
  })

  it.each([
    ['where=%7Bnope', 'where', 'not valid JSON'],
    ['where=' + encodeURIComponent('{"field":"a","op":"foo","value":1}'), 'where', 'op: unknown operator "foo"'],
    [
      'where=' + encodeURIComponent('{"and":[{"field":"a","op":"in","value":1}]}'),
      'where',
      'and[0].value: "in" takes an array',
    ],
    ['where=' + encodeURIComponent('{"or":[]}'), 'where', 'or: "or" must hold at least one filter'],
    ['where=' + encodeURIComponent('{"field":"a","op":"eq"}'), 'where', 'value: value is required'],
    ['where=' + encodeURIComponent('{"field":"a..b","op":"eq","value":1}'), 'where', 'field: field must be'],
    ['where=' + encodeURIComponent('{"field":"a","op":"eq","value":1,"x":2}'), 'where', 'x: unknown member "x"'],
    ['where=' + encodeURIComponent('{"and":[],"or":[]}'), 'where', 'exactly one member'],
    ['where=' + encodeURIComponent('[1]'), 'where', 'expected a condition'],
    ['orderBy=views:up', 'orderBy', 'direction must be asc or desc, got "up"'],
    ['orderBy=a,,b', 'orderBy', 'empty item'],
    ['aggregate=median:views', 'aggregate', 'unknown function "median"'],
    ['aggregate=sum', 'aggregate', '"sum" needs a field'],
    ['aggregate=avg:*', 'aggregate', '"avg" needs a field'],
    ['select=a..b', 'select', 'is not a field name'],
    ['groupBy=.x', 'groupBy', 'is not a field name'],
    ['page=0', 'page', 'must be a positive integer, got "0"'],
    ['page=-1', 'page', 'must be a positive integer'],
    ['page=1.5', 'page', 'must be a positive integer'],
    ['page=abc', 'page', 'must be a positive integer'],
    ['page=1&page=2', 'page', 'given more than once'],
    ['pageSize=0', 'pageSize', 'must be a positive integer'],
  ])('%s is refused, naming %s', (qs, param, text) => {
    const e = paramError(qs)
    expect(e.param).toBe(param)
    expect(e.message.startsWith(`${param}: `)).toBe(true)
    expect(e.message).toContain(text)
  })
})

describe('round trip: expression → tree → params → parsed query', () => {
  it.each([
    'status = "published" and (views > 100 or featured = true)',
    'author.name ilike "ann" or tags in ["a", "b", 1, null]',
    'title begins "How" and title ends "?" and views lte -2.5e1 and x notIn [] and y != null',
  ])('%s', (expr) => {
    const where = parseWhere(expr)
    const query: CmsQuery = { where, orderBy: [{ field: 'views', direction: 'desc' }], page: 2, pageSize: 10 }
    const wire = toSearchParams(query).toString()
    expect(parseQueryParams(wire)).toEqual(query)
  })
})
