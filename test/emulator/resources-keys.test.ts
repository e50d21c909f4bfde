import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { authenticate } from '../../src/emulator/auth.js'
import { keyHandlers } from '../../src/emulator/handlers/keys.js'
import { call, setup } from './resources-harness.js'

describe('API keys', () => {
  it('creates a key shown once, stores only its SHA-256 and a 12-character prefix', async () => {
    const { env, state, clock } = setup()
    const json = { name: 'CI', scopes: { agents: ['demo-assistant'], cms: 'read' } }
    const res = await call(keyHandlers, 'keysCreate', env, { json })
    expect(res.status).toBe(201)
    const key: string = res.json.key
    expect(key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/)
    expect(res.json).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'CI',
      prefix: key.slice(0, 12),
      scopes: json.scopes,
      createdAt: new Date(clock.now).toISOString(),
      lastUsedAt: null,
      expiresAt: null,
      key,
    })
    const stored = state.apiKeys.get(res.json.id)!
    expect(stored.keyHash).toBe(createHash('sha256').update(key).digest('hex'))
    expect(JSON.stringify(state.toJSON())).not.toContain(key)
    const list = await call(keyHandlers, 'keysList', env)
    const listed = list.json.data.find((k: { id: string }) => k.id === res.json.id)
    expect(listed).toMatchObject({ name: 'CI', prefix: key.slice(0, 12) })
    for (const k of list.json.data) {
      expect(k).not.toHaveProperty('key')
      expect(k).not.toHaveProperty('keyHash')
    }
  })

  it('issues keys that authenticate with their scopes until they expire', async () => {
    const { env, state, clock } = setup()
    const expiresAt = new Date(clock.now + 60_000).toISOString()
    const res = await call(keyHandlers, 'keysCreate', env, {
      json: { name: 'short', scopes: { cms: 'none' }, expiresAt },
    })
    expect(res.json.expiresAt).toBe(expiresAt)
    const p = authenticate(`Bearer ${res.json.key}`, state, clock.now)
    expect(p).toMatchObject({ kind: 'api-key', id: res.json.id, accountId: 'acc_demo', scopes: { cms: 'none' } })
    expect(() => authenticate(`Bearer ${res.json.key}`, state, clock.now + 60_000)).toThrow(/expired/)
  })

  it('validates create bodies', async () => {
    const { env, clock } = setup()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scopes: {} }, /^name is required/],
      [{ name: 'x', scopes: { cms: 'admin' } }, /^scopes\.cms/],
      [{ name: 'x', scopes: { teams: ['a'] } }, /^scopes: unknown field "teams"/],
      [{ name: 'x', expiresAt: 'tomorrow' }, /^expiresAt must be an ISO 8601 timestamp/],
      [{ name: 'x', expiresAt: new Date(clock.now - 1000).toISOString() }, /^expiresAt must be in the future/],
      [{ name: 'x', key: 'agk_mine' }, /^unknown field "key"/],
    ]
    for (const [json, message] of cases) {
      const res = await call(keyHandlers, 'keysCreate', env, { json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
  })

  it('lets only unrestricted callers manage keys', async () => {
    const { env } = setup()
    const scoped = { kind: 'api-key' as const, id: 'k', accountId: 'acc_demo', scopes: { cms: 'read' as const } }
    const res = await call(keyHandlers, 'keysCreate', env, { json: { name: 'x' }, principal: scoped })
    expect(res.status).toBe(403)
    const oauth = { kind: 'oauth' as const, id: 'c', accountId: 'acc_demo', scopes: {} }
    expect((await call(keyHandlers, 'keysCreate', env, { json: { name: 'x' }, principal: oauth })).status).toBe(201)
  })

  it('deletes with 204, then 404', async () => {
    const { env, state } = setup()
    const res = await call(keyHandlers, 'keysCreate', env, { json: { name: 'tmp' } })
    const params = { keyId: res.json.id }
    expect((await call(keyHandlers, 'keysDelete', env, { params })).status).toBe(204)
    expect(state.apiKeys.has(res.json.id)).toBe(false)
    expect((await call(keyHandlers, 'keysDelete', env, { params })).status).toBe(404)
  })
})
