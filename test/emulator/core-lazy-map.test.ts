// LazyMap (the demo CMS is built on first use) and what it means for a running emulator.
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { LazyMap } from '../../src/emulator/lazy-map.js'
import { seedState } from '../../src/emulator/seed.js'
import { resourceSeeders } from '../../src/emulator/seeders.js'
import { EmulatorState } from '../../src/emulator/state.js'
import { call } from './core-client.js'

describe('LazyMap', () => {
  it.each([
    ['get', (m: Map<string, number>) => m.get('a')],
    ['has', (m: Map<string, number>) => m.has('a')],
    ['size', (m: Map<string, number>) => m.size],
    ['iteration', (m: Map<string, number>) => [...m]],
    ['values', (m: Map<string, number>) => [...m.values()]],
    ['set', (m: Map<string, number>) => m.set('b', 2)],
    ['delete', (m: Map<string, number>) => m.delete('zzz')],
  ])('fills once, on the first %s', (_name, use) => {
    let fills = 0
    const m: LazyMap<string, number> = new LazyMap(() => {
      fills++
      m.set('a', 1)
    })
    expect(fills).toBe(0)
    use(m)
    use(m)
    expect(fills).toBe(1)
    expect(m.size).toBeGreaterThanOrEqual(1)
  })

  it('gives the text of what it will hold until it is filled, and then no more', () => {
    const m = new LazyMap<string, number>(
      () => m.set('a', 1),
      () => '{"a":[1]}',
    )
    expect(m.pendingText()).toBe('{"a":[1]}')
    expect(m.get('a')).toBe(1)
    expect(m.pendingText()).toBeUndefined()
  })

  it('clear() drops the pending fill', () => {
    const m = new LazyMap<string, number>(() => {
      throw new Error('must not run')
    })
    m.clear()
    expect(m.size).toBe(0)
  })
})

describe('the demo CMS', () => {
  it('is written by a snapshot before it is built exactly as once built, and is built once per state', () => {
    const fresh = () => {
      const state = new EmulatorState()
      seedState(
        state,
        'demo',
        resourceSeeders(() => Date.UTC(2026, 0, 15)),
      )
      return state
    }
    const before = fresh().snapshotText()
    const state = fresh()
    expect(JSON.stringify(state)).toBe(before) // JSON.stringify builds the CMS
    expect(state.snapshotText()).toBe(before)
    // the states share the seeded records, frozen: a change in place throws, and a record replaced or removed in one
    // state (as the handlers write) leaves another as seeded
    const posts = state.cms.get('posts')!
    const post = posts.get('post_00001')!
    expect(() => {
      ;(post.data.author as { name: string }).name = 'changed'
    }).toThrow(TypeError)
    expect(() => post.tags!.push('changed')).toThrow(TypeError)
    posts.set(post.id, { ...post, data: { ...post.data, title: 'changed' } })
    posts.delete('post_00002')
    state.cms.get('authors')!.clear()
    const other = fresh()
    expect(other.cms.get('posts')!.get('post_00001')).toBe(post)
    expect(JSON.stringify(other)).toBe(before)
  })

  it('is built on the first CMS request, with the full demo content', async () => {
    const emu = await createEmulator({ port: 0, scheduler: false, log: () => {} })
    try {
      const r = await call(emu, 'GET', `/${emu.accountId}/cda/records/posts?pageSize=1`)
      expect(r.status).toBe(200)
      expect(r.json.pagination.total).toBe(5000)
      expect([...emu.state.cms.keys()].sort()).toEqual(['authors', 'posts', 'products'])
    } finally {
      await emu.close()
    }
  })
})
