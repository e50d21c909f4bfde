// Drafts and publishing (issue 30 item 5), in-process against the emulator: a management write is a draft until
// `cms publish`, the delivery access serves the copy last published (never a draft), `cms unpublish` takes a record
// off delivery, and `cms export --access cma` → `cms import` keeps each record's publish state.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { type CmsRecord, createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })
const json = async (...args: string[]) => {
  const r = await cms(...args, '--json')
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  return JSON.parse(r.stdout)
}
const save = async (collection: string, data: object, id?: string) =>
  (await json('save', collection, '--data', JSON.stringify(data), ...(id ? ['--id', id] : []))).id as string
/** What the delivery access serves of a record: its title, or the exit code. */
const delivered = async (collection: string, id: string) => {
  const r = await cms('get', collection, id, '--json')
  return r.exitCode === 0 ? JSON.parse(r.stdout).data.title : r.exitCode
}

describe('cms publish and unpublish', () => {
  it('a saved record is a draft; publish delivers it, a later save stays a draft until published again', async () => {
    const id = await save('notes', { title: 'v1' })
    expect(await delivered('notes', id)).toBe(3)
    expect((await json('get', 'notes', id, '--access', 'cma')).publishedAt).toBe(null)
    const [published] = await json('publish', 'notes', id)
    expect(published).toMatchObject({ id, data: { title: 'v1' } })
    expect(typeof published.publishedAt).toBe('string')
    expect(await delivered('notes', id)).toBe('v1')
    await save('notes', { title: 'v2' }, id)
    expect(await delivered('notes', id)).toBe('v1')
    const query = await cms('query', 'notes', '--select', 'title')
    expect(query.stdout).toBe(`${id}\tv1\n`)
    await json('publish', 'notes', id)
    expect(await delivered('notes', id)).toBe('v2')
    const [drafted] = await json('unpublish', 'notes', id)
    expect(drafted.publishedAt).toBe(null)
    expect(await delivered('notes', id)).toBe(3)
    // the 404 of a delivered get says where drafts are; with --access cma there is no such hint
    expect((await cms('get', 'notes', id)).stderr).toMatch(/not delivered: `--access cma` shows drafts/)
    const gone = await cms('get', 'notes', 'nosuch_9', '--access', 'cma')
    expect(gone.exitCode).toBe(3)
    expect(gone.stderr).not.toMatch(/--access cma/)
  })

  it('publishes every id it can, prints them, then names each id not found (exit 3)', async () => {
    const a = await save('memos', { title: 'a' })
    const b = await save('memos', { title: 'b' })
    const r = await cms('publish', 'memos', a, 'nosuch_1', b, 'nosuch_2')
    expect(r.exitCode).toBe(3)
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual([a, b, ''])
    expect(r.stderr).toMatch(/not found in memos: nosuch_1, nosuch_2/)
    expect(r.stderr).toMatch(/the other 2 were published/)
    expect([await delivered('memos', a), await delivered('memos', b)]).toEqual(['a', 'b'])
  })

  it('save --publish saves and publishes in one go', async () => {
    const saved = await json('save', 'notes', '--data', '{"title":"at once"}', '--publish')
    expect(typeof saved.publishedAt).toBe('string')
    expect(await delivered('notes', saved.id)).toBe('at once')
  })

  it('the seeded records are published', async () => {
    expect(await delivered('posts', 'post_00001')).toEqual(expect.any(String))
    expect((await json('get', 'posts', 'post_00001', '--access', 'cma')).publishedAt).toEqual(expect.any(String))
  })

  it('export --access cma then import keeps the publish state; a change not yet published stays undelivered', async () => {
    const live = await save('drafts_src', { title: 'live' })
    const draft = await save('drafts_src', { title: 'draft' })
    const pending = await save('drafts_src', { title: 'first' })
    await json('publish', 'drafts_src', live, pending)
    await save('drafts_src', { title: 'second, not published' }, pending)
    const out = join(tempDir(), 'src.ndjson')
    expect((await cms('export', 'drafts_src', '--access', 'cma', '--out', out)).exitCode).toBe(0)
    const lines = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.publishedAt === null)).toEqual([false, true, false])
    const r = await cms('import', 'drafts_copy', out)
    expect(r.stderr).toMatch(/created 3, updated 0, skipped 0 \(resume\), failed 0/)
    expect(r.exitCode).toBe(0)
    expect(await delivered('drafts_copy', live)).toBe('live')
    expect(await delivered('drafts_copy', draft)).toBe(3)
    // its published copy ("first") is not in the export: the draft is never delivered in its place
    expect(await delivered('drafts_copy', pending)).toBe(3)
    // imported again over the copy: a record published there and a draft in the file is unpublished
    await json('publish', 'drafts_copy', draft)
    expect((await cms('import', 'drafts_copy', out)).exitCode).toBe(0)
    expect(await delivered('drafts_copy', draft)).toBe(3)
    expect(await delivered('drafts_copy', live)).toBe('live')
  })
})

describe('client.cms.publish and unpublish', () => {
  it('publish delivers the record, unpublish takes it off; both return the record typed, with publishedAt', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const made = await c.cms.create('notes_lib', { data: { title: 'lib' } })
    await expect(c.cms.get('notes_lib', made.id)).rejects.toMatchObject({ status: 404 })
    const published = await c.cms.publish('notes_lib', made.id)
    expectTypeOf(published).toEqualTypeOf<CmsRecord>()
    expect(typeof published.publishedAt).toBe('string')
    expect((await c.cms.get('notes_lib', made.id)).data).toEqual({ title: 'lib' })
    const draft = await c.cms.unpublish('notes_lib', made.id)
    expectTypeOf(draft).toEqualTypeOf<CmsRecord>()
    expect(draft.publishedAt ?? null).toBeNull()
    await expect(c.cms.get('notes_lib', made.id)).rejects.toMatchObject({ status: 404 })
    await c.close()
  })
})
