// `agentry cms save --id <id> --merge` and `client.cms.patch` (issue 30 item 6): a JSON merge patch (RFC 7396) of a
// record, in-process against the emulator: only the members given change, null removes one, objects merge member
// by member, tags are kept unless given; sent as PATCH with application/merge-patch+json.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'
import { testAccount, testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })
const json = async (...args: string[]) => {
  const r = await cms(...args, '--json')
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  return JSON.parse(r.stdout)
}

describe('cms save --merge', () => {
  it('changes only the members given; null removes one; nested objects merge; tags are kept', async () => {
    const data = { title: 'Hello', views: 3, note: 'drop me', author: { name: 'Ada', born: 1815 } }
    const { id } = await json('save', 'merges', '--data', JSON.stringify(data), '--tags', 'ai,cli')
    const patch = { views: 4, note: null, author: { born: null, site: 'ada.dev' } }
    const merged = await json('save', 'merges', '--id', id, '--merge', '--data', JSON.stringify(patch))
    expect(merged.data).toEqual({ title: 'Hello', views: 4, author: { name: 'Ada', site: 'ada.dev' } })
    expect(merged.tags).toEqual(['ai', 'cli'])
    expect((await json('get', 'merges', id, '--access', 'cma')).data).toEqual(merged.data)
  })

  it('--tags with --merge replaces the tags; --publish delivers the merged record', async () => {
    const { id } = await json('save', 'merges', '--data', '{"title":"a","views":1}', '--tags', 'x')
    const merge = ['--id', id, '--merge', '--data', '{"views":2}', '--tags', 'y', '--publish']
    const merged = await json('save', 'merges', ...merge)
    expect(merged).toMatchObject({ data: { title: 'a', views: 2 }, tags: ['y'] })
    expect((await json('get', 'merges', id)).data).toEqual({ title: 'a', views: 2 })
  })

  it('without --merge the record is still replaced whole (the members not given are gone)', async () => {
    const { id } = await json('save', 'merges', '--data', '{"title":"a","views":1}')
    expect((await json('save', 'merges', '--id', id, '--data', '{"views":2}')).data).toEqual({ views: 2 })
  })

  it('--merge needs --id (exit 2, nothing sent); an unknown id is exit 3', async () => {
    const noId = await cms('save', 'merges', '--merge', '--data', '{"views":2}')
    expect(noId.exitCode).toBe(2)
    expect(noId.stderr).toMatch(/--merge needs --id/)
    const missing = await cms('save', 'merges', '--id', 'nosuch', '--merge', '--data', '{"views":2}')
    expect(missing.exitCode).toBe(3)
    expect(missing.stderr).toMatch(/nosuch/)
  })

  it('sends PATCH with content-type application/merge-patch+json and the patch as given, nulls included', async () => {
    const t = testContext()
    t.http
      .intercept({ path: `/api/v1beta/${testAccount}/record-types/posts`, method: 'GET' })
      .reply(404, { error: { message: 'no record type' } })
    const bodies: unknown[] = []
    t.http
      .intercept({
        path: `/api/v1beta/${testAccount}/cma/records/posts/rec_1`,
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json' },
      })
      .reply((req) => {
        bodies.push(JSON.parse(String(req.body)))
        return { statusCode: 200, data: { id: 'rec_1', data: { title: 'kept' } } }
      })
    expect(await t.run(['cms', 'save', 'posts', '--id', 'rec_1', '--merge', '--data', '{"note":null}'])).toBe(0)
    expect(bodies).toEqual([{ data: { note: null } }])
  })
})

describe('client.cms.patch', () => {
  it('merges into the stored record and returns it typed', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const made = await c.cms.create('merges_lib', { data: { a: 1, b: { c: 2, d: 3 } } })
    const patched = await c.cms.patch('merges_lib', made.id, { data: { a: null, b: { d: 4 } } })
    expect(patched.data).toEqual({ b: { c: 2, d: 4 } })
    expect(patched.publishedAt).toBe(null)
    await c.close()
  })
})
