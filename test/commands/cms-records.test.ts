// `agentry cms get|save|delete`: exact request bodies (POST create, PUT with --id), JSON-object-only data, tags,
// flattened key/value output, and the --yes rule of delete.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stubCall } from '../helpers/http-stub.js'
import { fakePrompter, testAccount, testContext } from '../helpers/test-context.js'

const base = `/api/v1beta/${testAccount}`
const record = {
  id: 'rec_1',
  data: { title: 'Hello', views: 3, author: { name: 'Ada' }, id: 'inner' },
  tags: ['ai', 'cli'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
}

/** `cms save` first reads the collection's record type (issue 33 item 1: unknown members); posts has none here. */
const untyped = (t: ReturnType<typeof testContext>) =>
  t.http.intercept({ path: `${base}/record-types/posts`, method: 'GET' }).reply(404, { error: { message: 'no' } })

describe('cms save', () => {
  it('creates with POST {data, tags} and prints the record as returned (--json)', async () => {
    const t = testContext()
    untyped(t)
    const bodies = stubCall(t, 'POST', `${base}/cma/records/posts`, 201, record)
    const argv = ['cms', 'save', 'posts', '--data', '{"title":"Hello","views":3}', '--tags', 'ai', '--tags', 'cli,ai']
    expect(await t.run([...argv, '--json'])).toBe(0)
    expect(bodies).toEqual([{ data: { title: 'Hello', views: 3 }, tags: ['ai', 'cli'] }])
    expect(JSON.parse(t.stdout())).toEqual(record)
    expect(t.stderr()).toBe('')
  })

  it('replaces with PUT when --id is given; data from stdin; no tags member without --tags', async () => {
    const t = testContext({ stdin: '{"title":"From stdin"}' })
    untyped(t)
    const bodies = stubCall(t, 'PUT', `${base}/cma/records/posts/rec_1`, 200, record)
    expect(await t.run(['cms', 'save', 'posts', '--id', 'rec_1', '--data', '-'])).toBe(0)
    expect(bodies).toEqual([{ data: { title: 'From stdin' } }])
    // TSV key/value rows, each key the path --jq reads: id, data.<field>, tags, timestamps
    expect(t.stdout()).toBe(
      [
        'id\trec_1',
        'data.title\tHello',
        'data.views\t3',
        'data.author\t{"name":"Ada"}',
        'data.id\tinner',
        'tags\tai,cli',
        'createdAt\t2025-01-01T00:00:00.000Z',
        'updatedAt\t2025-01-02T00:00:00.000Z',
        '',
      ].join('\n'),
    )
  })

  it("--tags '' sends an empty tag list", async () => {
    const t = testContext()
    const bodies = stubCall(t, 'PUT', `${base}/cma/records/posts/rec_1`, 200, record)
    expect(await t.run(['cms', 'save', 'posts', '--id', 'rec_1', '--data', '{}', '--tags', ''])).toBe(0)
    expect(bodies).toEqual([{ data: {}, tags: [] }])
  })

  it.each([
    ['[1,2]', /--data must be a JSON object \(the record's data\), got an array/],
    ['"text"', /--data must be a JSON object \(the record's data\), got string/],
    ['{"a":', /--data is not valid JSON/],
  ])('refuses --data %s with exit 2 and sends nothing', async (data, pattern) => {
    const t = testContext()
    expect(await t.run(['cms', 'save', 'posts', '--data', data])).toBe(2)
    expect(t.stderr()).toMatch(pattern)
  })

  it('reads --data @file, and refuses one it cannot read with exit 2, naming it', async () => {
    const t = testContext()
    const file = join(t.configDir, 'post.json')
    writeFileSync(file, '{"title":"From a file"}')
    untyped(t)
    const bodies = stubCall(t, 'POST', `${base}/cma/records/posts`, 201, record)
    expect(await t.run(['cms', 'save', 'posts', '--data', `@${file}`])).toBe(0)
    expect(bodies).toEqual([{ data: { title: 'From a file' } }])
    const missing = join(t.configDir, 'missing.json')
    const u = testContext()
    expect(await u.run(['cms', 'save', 'posts', '--data', `@${missing}`])).toBe(2)
    expect(u.stderr()).toContain(`--data @${missing}: cannot read the file (ENOENT)`)
  })

  it('requires --data', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'save', 'posts'])).toBe(2)
    expect(t.stderr()).toMatch(/required option '-d, --data <json>'/)
  })
})

describe('cms get', () => {
  it('reads through the delivery access by default, management with --access cma', async () => {
    const t = testContext()
    stubCall(t, 'GET', `${base}/cda/records/posts/rec_1`, 200, record)
    stubCall(t, 'GET', `${base}/cma/records/posts/rec_1`, 200, record)
    expect(await t.run(['cms', 'get', 'posts', 'rec_1', '-o', 'yaml'])).toBe(0)
    expect(t.stdout()).toContain('id: rec_1\ndata:\n  title: Hello\n')
    t.clearOutput()
    expect(await t.run(['cms', 'get', 'posts', 'rec_1', '--access', 'cma', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(record)
  })

  it('a missing record exits 3 with the server message', async () => {
    const t = testContext()
    stubCall(t, 'GET', `${base}/cda/records/posts/nope`, 404, { error: { message: 'record "nope" not found' } })
    expect(await t.run(['cms', 'get', 'posts', 'nope'])).toBe(3)
    expect(t.stderr()).toMatch(/404 record "nope" not found/)
  })
})

describe('cms delete', () => {
  it('needs --yes when it cannot ask (exit 2, nothing sent)', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'delete', 'posts', 'rec_1'])).toBe(2)
    expect(t.stderr()).toMatch(/--yes is required/)
  })

  it('deletes with --yes, and after a yes on a terminal; a no deletes nothing (exit 0)', async () => {
    const t = testContext()
    stubCall(t, 'DELETE', `${base}/cma/records/posts/rec_1`, 204)
    expect(await t.run(['cms', 'rm', 'posts', 'rec_1', '--yes'])).toBe(0)
    expect(t.stderr()).toBe('deleted posts/rec_1\n')
    expect(t.stdout()).toBe('')

    const yes = fakePrompter([true])
    const t2 = testContext({ tty: true, prompter: yes })
    stubCall(t2, 'DELETE', `${base}/cma/records/posts/rec_2`, 204)
    expect(await t2.run(['cms', 'delete', 'posts', 'rec_2'])).toBe(0)
    expect(yes.asked).toEqual([{ kind: 'confirm', message: 'Delete record rec_2 of posts?' }])

    const t3 = testContext({ tty: true, prompter: fakePrompter([false]) })
    expect(await t3.run(['cms', 'delete', 'posts', 'rec_3'])).toBe(0)
  })
})
