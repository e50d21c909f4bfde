// The emulator's text similarity (src/cms/text-search.ts) and the wire parameters of a search (nl_query,
// match_threshold, time_decay_days): deterministic scores, the threshold, freshness, and the round trip.
import { describe, expect, it } from 'vitest'
import type { CmsRecord } from '../../src/api/schemas/index.js'
import { parseQueryParams, QueryParamError, toSearchParams } from '../../src/cms/query-params.js'
import { searchRecords, words } from '../../src/cms/text-search.js'

const rec = (id: string, title: string, publishedAt = '2025-01-01T00:00:00.000Z'): CmsRecord => ({
  id,
  data: { title },
  tags: [],
  publishedAt,
})
const records = [
  rec('a', 'Deploying agents with webhooks'),
  rec('b', 'Webhook security checklist'),
  rec('c', 'Baking sourdough bread'),
  rec('d', 'Agents and schedules'),
]
const now = Date.parse('2025-02-01T00:00:00.000Z')

describe('searchRecords', () => {
  it('words: lowercased, plural stripped, stop words out', () => {
    expect(words('The Agents of Webhooks, and Stories')).toEqual(['agent', 'webhook', 'story'])
  })

  it('words: a verb form (-ing, -ed) stems as the noun does', () => {
    expect(words('Deploying deployed deploys')).toEqual(['deploy', 'deploy', 'deploy'])
    expect(words('plan plans planned planning')).toEqual(['plan', 'plan', 'plan', 'plan'])
    expect(words('pass passing passed need feed sing string')).toEqual([
      'pass',
      'pass',
      'pass',
      'need',
      'feed',
      'sing',
      'string',
    ])
  })

  it('a word and its form with or without a final e are the same word (caching, cache; scheduling, schedules)', () => {
    const texts = [rec('x', 'Caching layers'), rec('y', 'Cache invalidation'), rec('z', 'Agents and schedules')]
    for (const text of ['cache', 'caches', 'caching', 'cached'])
      expect(searchRecords(texts, { text }, now).map((r) => r.id)).toEqual(['x', 'y'])
    for (const text of ['schedule', 'scheduling', 'scheduled'])
      expect(searchRecords(texts, { text }, now).map((r) => r.id)).toEqual(['z'])
  })

  it('scores the share of the query found, best first, and keeps only those at the threshold', () => {
    const all = searchRecords(records, { text: 'agents webhooks', threshold: 0 }, now)
    expect(all.map((r) => r.id)).toEqual(['a', 'b', 'd'])
    expect(all[0]!.score).toBe(1)
    expect(all[1]!.score).toBeCloseTo(all[2]!.score, 1)
    expect(searchRecords(records, { text: 'agents webhooks' }, now).map((r) => r.id)).toEqual(['a'])
  })

  it('a word no record has is left out; nothing known finds nothing', () => {
    expect(searchRecords(records, { text: 'sourdough xylophone' }, now).map((r) => r.id)).toEqual(['c'])
    expect(searchRecords(records, { text: 'xylophone' }, now)).toEqual([])
  })

  it('freshness: a newer record of the same similarity ranks first; scores are reproducible', () => {
    const two = [rec('old', 'agents', '2024-01-01T00:00:00.000Z'), rec('new', 'agents', '2025-01-31T00:00:00.000Z')]
    const ranked = searchRecords(two, { text: 'agent', freshnessDays: 14 }, now)
    expect(ranked.map((r) => r.id)).toEqual(['new', 'old'])
    expect(ranked).toEqual(searchRecords(two, { text: 'agent', freshnessDays: 14 }, now))
    expect(ranked[1]!.score).toBeCloseTo(0.5, 2)
  })
})

describe('the wire parameters of a search', () => {
  it('round-trips text, threshold and freshness', () => {
    const q = { search: { text: 'agents', threshold: 0.5, freshnessDays: 14 }, pageSize: 10 }
    const p = toSearchParams(q)
    expect(p.get('nl_query')).toBe('agents')
    expect(parseQueryParams(p)).toEqual(q)
  })

  it('refuses a threshold out of 0–1, a search with aggregates, and a threshold without text', () => {
    expect(() => toSearchParams({ search: { text: 'x', threshold: 2 } })).toThrow(QueryParamError)
    expect(() => parseQueryParams('nl_query=x&match_threshold=1.5')).toThrow(/match_threshold/)
    expect(() => parseQueryParams('nl_query=x&aggregate=count')).toThrow(/nl_query/)
    expect(() => parseQueryParams('match_threshold=0.5')).toThrow(/nl_query/)
  })
})
