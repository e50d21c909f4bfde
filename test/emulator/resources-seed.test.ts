import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/emulator/seed-cms.js'
import { deferredUntil, nextRunAtIso } from '../../src/emulator/schedule-time.js'
import { seedResources } from '../../src/emulator/seed-resources.js'
import { EmulatorState } from '../../src/emulator/state.js'

const now = Date.UTC(2026, 0, 15, 10)

function seeded(opts: Parameters<typeof seedResources>[1] = {}) {
  const state = new EmulatorState()
  seedResources(state, { now, ...opts })
  return state
}

describe('seedResources', () => {
  it('is deterministic: the same options give the same state', () => {
    expect(JSON.stringify(seeded().toJSON())).toBe(JSON.stringify(seeded().toJSON()))
    const other = seeded({ seed: 7 })
    expect(JSON.stringify(other.toJSON())).not.toBe(JSON.stringify(seeded().toJSON()))
  })

  it('seeds thousands of posts with the documented fields, quickly', () => {
    const started = performance.now()
    const state = seeded()
    const elapsed = performance.now() - started
    const posts = [...state.cms.get('posts')!.values()]
    expect(posts).toHaveLength(5000)
    for (const p of posts.slice(0, 200)) {
      expect(p.data).toMatchObject({
        title: expect.any(String),
        status: expect.stringMatching(/^(published|draft)$/),
        views: expect.any(Number),
        featured: expect.any(Boolean),
        author: { name: expect.any(String), email: expect.stringContaining('@') },
        category: expect.any(String),
      })
      expect(p.data.status === 'published' ? typeof p.data.publishedAt : p.data.publishedAt).toBe(
        p.data.status === 'published' ? 'string' : null,
      )
      expect(p.tags!.length).toBeGreaterThan(0)
    }
    const published = posts.filter((p) => p.data.status === 'published').length
    expect(published / posts.length).toBeGreaterThan(0.6)
    expect(published / posts.length).toBeLessThan(0.8)
    expect(posts.some((p) => p.data.featured === true)).toBe(true)
    expect(state.cms.get('authors')!.size).toBeGreaterThan(0)
    expect(state.cms.get('products')!.size).toBe(500)
    // generous: a few milliseconds in practice; this only catches an accidental quadratic loop
    expect(elapsed).toBeLessThan(2000)
  })

  it('seeds scenarios (one disabled), webhooks (active and inactive), cron and interval schedules, sites, files', () => {
    const state = seeded({ agentId: 'agent_x' })
    const scenarios = [...state.scenarios.values()]
    expect(scenarios.filter((s) => s.enabled === false).map((s) => s.id)).toEqual(['scn_archive'])
    expect(scenarios.every((s) => s.signature_name && s.signature_secret)).toBe(true)
    expect(state.scenarios.get('scn_summarize')!.agentId).toBe('agent_x')
    expect(new Set([...state.webhooks.values()].map((w) => w.status))).toEqual(new Set(['active', 'inactive']))
    const schedules = [...state.schedules.values()]
    expect(schedules.some((s) => s.cron)).toBe(true)
    expect(schedules.some((s) => s.intervalSeconds)).toBe(true)
    for (const s of schedules) {
      if (s.status === 'active') expect(Date.parse(s.nextRunAt!)).toBeGreaterThan(now)
      else expect(s.nextRunAt).toBeNull()
    }
    expect(state.sites.size).toBe(2)
    expect(state.files.get('images/logo.png')!.contentType).toBe('image/png')
  })

  it('survives a toJSON/fromJSON round trip', () => {
    const state = seeded({ posts: 50 })
    const back = EmulatorState.fromJSON(JSON.parse(JSON.stringify(state.toJSON())))
    expect(JSON.stringify(back.toJSON())).toBe(JSON.stringify(state.toJSON()))
  })

  it('publishes every seeded record, and a record of a snapshot from before drafts (it was delivered then)', () => {
    const state = seeded({ posts: 50 })
    const all = [...state.cms.values()].flatMap((c) => [...c.values()])
    expect(all.every((r) => typeof r.publishedAt === 'string')).toBe(true)
    const old = { id: 'n1', data: { text: 'hi' }, updatedAt: '2025-02-01T00:00:00.000Z' }
    const draft = { id: 'n2', data: { text: 'draft' }, publishedAt: null }
    const back = EmulatorState.fromJSON({ cms: { notes: [old, draft] } })
    expect(back.cms.get('notes')?.get('n1')?.publishedAt).toBe('2025-02-01T00:00:00.000Z')
    expect(back.cms.get('notes')?.get('n2')?.publishedAt).toBe(null)
  })

  it("computes a cron schedule's next run when first read, as at the seed; a write first replaces it", () => {
    const daily = seeded().schedules.get('sch_daily')!
    expect(deferredUntil(daily)).toBe(now + 60_000) // a whole minute: the earliest a five-field cron fires
    const timing = { cron: daily.cron, intervalSeconds: null, timezone: daily.timezone, status: 'active' as const }
    expect(daily.nextRunAt).toBe(nextRunAtIso(timing, now))
    expect(daily.nextRunAt).not.toBeNull()
    expect(deferredUntil(daily)).toBeUndefined()
    const written = seeded().schedules.get('sch_daily')!
    written.nextRunAt = null
    expect(written.nextRunAt).toBeNull()
    expect(JSON.parse(JSON.stringify(written)).nextRunAt).toBeNull()
  })
})

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(1)
    const b = seededRandom(1)
    const xs = Array.from({ length: 1000 }, () => a())
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()))
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(new Set(xs).size).toBeGreaterThan(990)
  })
})
