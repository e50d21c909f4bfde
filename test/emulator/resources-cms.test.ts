import { describe, expect, it } from 'vitest'
import type { CmsRecord } from '../../src/api/schemas/index.js'
import { cmsHandlers } from '../../src/emulator/handlers/cms.js'
import type { Principal } from '../../src/emulator/types.js'
import { call, setup } from './resources-harness.js'

const key = (cms?: 'none' | 'read' | 'write'): Principal => ({
  kind: 'api-key',
  id: 'k',
  accountId: 'acc_demo',
  scopes: cms === undefined ? {} : { cms },
})
const records = (access: string, collection = 'posts') => ({ access, collection })

describe('CMS queries', () => {
  it('filters, orders and pages the seeded posts like a naive evaluation', async () => {
    const { env, state } = setup({ posts: 500 })
    const where = JSON.stringify({
      and: [
        { field: 'status', op: 'eq', value: 'published' },
        {
          or: [
            { field: 'views', op: 'gt', value: 5000 },
            { field: 'featured', op: 'eq', value: true },
          ],
        },
      ],
    })
    const query = new URLSearchParams({ where, orderBy: 'views:desc', pageSize: '10', page: '2' }).toString()
    const res = await call(cmsHandlers, 'cmsQuery', env, { params: records('cda'), query })
    expect(res.status).toBe(200)
    const all = [...state.cms.get('posts')!.values()]
    const expected = all
      .filter((r) => r.data.status === 'published' && ((r.data.views as number) > 5000 || r.data.featured === true))
      .sort((a, b) => (b.data.views as number) - (a.data.views as number))
    expect(expected.length).toBeGreaterThan(20)
    expect(res.json.pagination).toEqual({
      total: expected.length,
      page: 2,
      page_count: Math.ceil(expected.length / 10),
      page_size: 10,
    })
    expect(res.json.data.map((r: CmsRecord) => r.data.views)).toEqual(expected.slice(10, 20).map((r) => r.data.views))
  })

  it('selects nested fields, filters by tags and aggregates', async () => {
    const { env, state } = setup({ posts: 400 })
    const all = [...state.cms.get('posts')!.values()]
    const sel = await call(cmsHandlers, 'cmsQuery', env, {
      params: records('cma'),
      query: 'select=title,author.name&tags=ai,cli&pageSize=100',
    })
    const tagged = all.filter((r) => r.tags?.includes('ai') && r.tags.includes('cli'))
    expect(sel.json.pagination.total).toBe(tagged.length)
    expect(Object.keys(sel.json.data[0].data).sort()).toEqual(['author', 'title'])
    expect(Object.keys(sel.json.data[0].data.author)).toEqual(['name'])
    const agg = await call(cmsHandlers, 'cmsQuery', env, {
      params: records('cda'),
      query: 'groupBy=status&aggregate=count:*,sum:views&orderBy=status:asc',
    })
    const published = all.filter((r) => r.data.status === 'published')
    expect(agg.json.data).toEqual([
      { status: 'draft', count: all.length - published.length, views_sum: 0 },
      {
        status: 'published',
        count: published.length,
        views_sum: published.reduce((n, r) => n + (r.data.views as number), 0),
      },
    ])
  })

  it('answers 400 naming the bad parameter, and 404 for unknown collections or access', async () => {
    const { env } = setup()
    const bad = await call(cmsHandlers, 'cmsQuery', env, { params: records('cda'), query: 'where={"field":"x"' })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/^where: /)
    const op = JSON.stringify({ field: 'views', op: 'between', value: 1 })
    const badOp = await call(cmsHandlers, 'cmsQuery', env, {
      params: records('cda'),
      query: `where=${encodeURIComponent(op)}`,
    })
    expect(badOp.status).toBe(400)
    expect(
      (await call(cmsHandlers, 'cmsQuery', env, { params: records('cda'), query: 'orderBy=views:up' })).status,
    ).toBe(400)
    expect((await call(cmsHandlers, 'cmsQuery', env, { params: records('cda', 'nope') })).status).toBe(404)
    const access = await call(cmsHandlers, 'cmsQuery', env, { params: records('xyz') })
    expect(access.status).toBe(404)
    expect(access.json.error.message).toContain('cda')
  })

  it('gets one record, 404 otherwise', async () => {
    const { env } = setup()
    const one = await call(cmsHandlers, 'cmsGet', env, { params: { ...records('cda'), recordId: 'post_00001' } })
    expect(one.json).toMatchObject({ id: 'post_00001', data: { title: expect.any(String) }, tags: expect.any(Array) })
    const missing = await call(cmsHandlers, 'cmsGet', env, { params: { ...records('cda'), recordId: 'post_x' } })
    expect(missing.status).toBe(404)
  })
})

describe('CMS writes', () => {
  it('creates (201), replaces (PUT), upserts under a new id (201) and deletes (204)', async () => {
    const { env, clock } = setup()
    const params = { collection: 'notes' }
    const created = await call(cmsHandlers, 'cmsCreate', env, { params, json: { data: { text: 'hi' }, tags: ['a'] } })
    expect(created.status).toBe(201)
    const at = new Date(clock.now).toISOString()
    expect(created.json).toEqual({
      id: expect.stringMatching(/^rec_/),
      data: { text: 'hi' },
      tags: ['a'],
      createdAt: at,
      updatedAt: at,
      publishedAt: null,
    })
    clock.now += 1000
    const recordId = created.json.id
    const put = await call(cmsHandlers, 'cmsUpdate', env, {
      params: { ...params, recordId },
      json: { data: { text: 'yo' } },
    })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({ id: recordId, data: { text: 'yo' }, tags: [], createdAt: at })
    expect(put.json.updatedAt).toBe(new Date(clock.now).toISOString())
    const upsert = await call(cmsHandlers, 'cmsUpdate', env, {
      params: { ...params, recordId: 'note-7' },
      json: { data: {} },
    })
    expect(upsert.status).toBe(201)
    const list = await call(cmsHandlers, 'cmsQuery', env, { params: { ...params, access: 'cma' } })
    expect(list.json.data.map((r: CmsRecord) => r.id)).toEqual([recordId, 'note-7'])
    expect((await call(cmsHandlers, 'cmsDelete', env, { params: { ...params, recordId } })).status).toBe(204)
    expect((await call(cmsHandlers, 'cmsDelete', env, { params: { ...params, recordId } })).status).toBe(404)
  })

  it('a write is a draft until published; delivery serves the copy last published, never a draft', async () => {
    const { env, clock } = setup()
    const at = (p: Record<string, string>) => ({ params: { collection: 'notes', ...p } })
    const created = await call(cmsHandlers, 'cmsCreate', env, { ...at({}), json: { data: { text: 'v1' } } })
    const recordId: string = created.json.id
    const delivered = async () => {
      const one = await call(cmsHandlers, 'cmsGet', env, at({ access: 'cda', recordId }))
      const all = await call(cmsHandlers, 'cmsQuery', env, at({ access: 'cda' }))
      const listed = all.json.data.filter((r: CmsRecord) => r.id === recordId)
      expect(listed).toEqual(one.status === 200 ? [one.json] : [])
      return one.status === 200 ? one.json.data.text : one.status
    }
    expect(await delivered()).toBe(404)
    clock.now += 1000
    const published = await call(cmsHandlers, 'cmsPublish', env, at({ recordId }))
    expect(published.json.publishedAt).toBe(new Date(clock.now).toISOString())
    expect(await delivered()).toBe('v1')
    clock.now += 1000
    await call(cmsHandlers, 'cmsUpdate', env, { ...at({ recordId }), json: { data: { text: 'v2' } } })
    expect(await delivered()).toBe('v1')
    const managed = await call(cmsHandlers, 'cmsGet', env, at({ access: 'cma', recordId }))
    expect(managed.json).toMatchObject({ data: { text: 'v2' }, publishedAt: published.json.publishedAt })
    expect(managed.json).not.toHaveProperty('published')
    await call(cmsHandlers, 'cmsPublish', env, at({ recordId }))
    expect(await delivered()).toBe('v2')
    const drafted = await call(cmsHandlers, 'cmsUnpublish', env, at({ recordId }))
    expect(drafted.json).toMatchObject({ data: { text: 'v2' }, publishedAt: null })
    expect(await delivered()).toBe(404)
    expect((await call(cmsHandlers, 'cmsPublish', env, at({ recordId: 'nosuch' }))).status).toBe(404)
  })

  it('validates {data, tags?} with 400s naming the field', async () => {
    const { env } = setup()
    const params = { collection: 'posts' }
    const cases: [unknown, RegExp][] = [
      [{}, /^data must be a JSON object/],
      [{ data: [1] }, /^data/],
      [{ data: 'x' }, /^data/],
      [{ data: {}, tags: 'a' }, /^tags/],
      [{ data: {}, tags: ['a,b'] }, /^tags\.0: /],
      [{ data: {}, id: 'x' }, /^unknown field "id"/],
    ]
    for (const [json, message] of cases) {
      const res = await call(cmsHandlers, 'cmsCreate', env, { params, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
    const badName = await call(cmsHandlers, 'cmsCreate', env, { params: { collection: 'a b' }, json: { data: {} } })
    expect(badName.status).toBe(400)
    const badId = await call(cmsHandlers, 'cmsUpdate', env, {
      params: { ...params, recordId: 'a/b' },
      json: { data: {} },
    })
    expect(badId.status).toBe(400)
  })
})

describe('CMS access rules', () => {
  it('lets a cms:none key use neither access, a read key the delivery access only, a write key both', async () => {
    const { env } = setup()
    const read = (access: string, principal: Principal) =>
      call(cmsHandlers, 'cmsQuery', env, { params: records(access), principal })
    const write = (principal: Principal) =>
      call(cmsHandlers, 'cmsCreate', env, { params: { collection: 'posts' }, json: { data: {} }, principal })
    expect((await read('cda', key('none'))).status).toBe(401)
    expect((await read('cma', key('none'))).status).toBe(401)
    expect((await write(key('none'))).json.error.message).toBe('this API key has no CMS access')
    expect((await read('cda', key('read'))).status).toBe(200)
    expect((await read('cma', key('read'))).status).toBe(401)
    const denied = await write(key('read'))
    expect(denied.status).toBe(401)
    expect(denied.json.error.message).toContain('delivery access (cda) only')
    for (const p of [key('write'), key()]) {
      expect((await read('cda', p)).status).toBe(200)
      expect((await read('cma', p)).status).toBe(200)
      expect((await write(p)).status).toBe(201)
    }
  })
})
