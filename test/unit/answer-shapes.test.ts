// The one reader of list and record shapes (src/api/shapes.ts): every shape the service's public sources show read
// as ours, and record meta in snake_case shown, sorted and filtered as camelCase.
import { describe, expect, it } from 'vitest'
import { answerShape, camelMeta, pageOf } from '../../src/api/shapes.js'
import { fieldGetter } from '../../src/cms/fields.js'
import { sortByKeys } from '../../src/cms/ordering.js'

const asked = { page: 1, size: 20 }

describe('pageOf', () => {
  it.each([
    [
      'ours',
      { data: [{ id: 'a' }], pagination: { total: 9, page: 2, page_count: 5, page_size: 2 } },
      { total: 9, page: 2, page_count: 5, page_size: 2 },
    ],
    [
      '{data,total}',
      { data: [{ id: 'a' }, { id: 'b' }], total: 45, models: [] },
      { total: 45, page: 1, page_count: 3, page_size: 20 },
    ],
    [
      'a plain array: one page, the whole list',
      [{ id: 'a' }, { id: 'b' }],
      { total: 2, page: 1, page_count: 1, page_size: 2 },
    ],
    ['{data} alone', { data: [{ id: 'a' }] }, undefined],
  ])('%s', (_, body, pagination) => {
    const page = pageOf(body, asked)
    expect(page?.data.length).toBeGreaterThan(0)
    expect(page?.pagination).toEqual(pagination)
  })

  it('keeps the members beside data (agents carry models)', () => {
    expect(pageOf({ data: [], total: 0, models: [{ id: 'm' }] }, asked)).toMatchObject({ models: [{ id: 'm' }] })
  })

  it('{data,total} without a page size sent counts pages by the page it got', () => {
    expect(pageOf({ data: [1, 2], total: 5 }, { page: 1, size: undefined })?.pagination?.page_count).toBe(3)
  })

  it.each([[{}], [{ data: 'x' }], ['text'], [null], [{ items: [] }]])('no list in %j', (body) => {
    expect(pageOf(body, asked)).toBeUndefined()
  })

  it('each item gets its meta under our names', () => {
    expect(pageOf([{ id: 'a', created_at: 'T1' }], asked)?.data).toEqual([{ id: 'a', createdAt: 'T1' }])
  })
})

describe('camelMeta', () => {
  it('renames snake_case meta in place, keeping the order of members', () => {
    const r = camelMeta({ id: 'r', created_at: 'T1', data: {}, updated_at: 'T2', published_at: null })
    expect(Object.keys(r)).toEqual(['id', 'createdAt', 'data', 'updatedAt', 'publishedAt'])
  })
  it('keeps both spellings when both came', () => {
    expect(camelMeta({ created_at: 'a', createdAt: 'b' })).toEqual({ created_at: 'a', createdAt: 'b' })
  })
  it('leaves data fields alone (only the record meta is read)', () => {
    expect(camelMeta({ id: 'r', data: { created_at: 'x' } })).toEqual({ id: 'r', data: { created_at: 'x' } })
  })
})

describe('answerShape', () => {
  const isRecord = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
  const isPage = (v: unknown) => Array.isArray((v as { data?: unknown })?.data)
  it.each([
    ['a bare record as is', { id: 'r', updated_at: 'T' }, isRecord, { id: 'r', updatedAt: 'T' }],
    [
      'one record inside {data:[record]}',
      { data: [{ id: 'r', created_at: 'T' }] },
      isRecord,
      { id: 'r', createdAt: 'T' },
    ],
    ['a plain array where {data:[…]} is declared', [{ id: 'm' }], isPage, { data: [{ id: 'm' }] }],
    ['{data:[one]} where a page is declared stays a page', { data: [{ id: 'm' }] }, isPage, { data: [{ id: 'm' }] }],
  ])('%s', (_, body, accept, want) => {
    expect(answerShape(body, accept)).toEqual(want)
  })
  it('a shape nothing fits comes back as it came, for the schema to name the member', () => {
    expect(answerShape({ data: [{ x: 1 }, { x: 2 }] }, isRecord)).toEqual({ data: [{ x: 1 }, { x: 2 }] })
  })
})

describe('snake_case meta sorts and filters as camelCase', () => {
  const records = [
    { id: 'b', data: {}, updatedAt: '2026-02-01' },
    { id: 'a', data: {}, updatedAt: '2026-01-01' },
  ]
  it.each(['updated_at', 'updatedAt'])('orderBy %s', (name) => {
    const sorted = sortByKeys(records, [{ get: fieldGetter(name), direction: 'asc' }])
    expect(sorted.map((r) => r.id)).toEqual(['a', 'b'])
  })
  it('a data field of that name still wins over the meta', () => {
    expect(fieldGetter('updated_at')({ id: 'x', data: { updated_at: 'mine' }, updatedAt: 'meta' })).toBe('mine')
  })
})
