// `agentry cms types list|get <slug>` and `client.recordTypes` (issue 30 item 2), in-process against the emulator:
// the seeded collections' record types with their schema and schema_ui; a collection without a type is exit 3.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })

describe('cms types', () => {
  it('list: the seeded collections with their fields (TSV), and --json with schema and schema_ui', async () => {
    const tsv = await cms('types', 'list')
    expect(tsv.exitCode).toBe(0)
    const rows = tsv.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'))
    expect(rows.map((r) => r[0])).toEqual(['posts', 'authors', 'products'])
    expect(rows[0]?.[2]?.split(',')).toEqual(expect.arrayContaining(['title', 'views', 'author', 'category']))
    const json = JSON.parse((await cms('types', 'list', '--json')).stdout)
    expect(json[0]).toMatchObject({ slug: 'posts', schema: { type: 'object' }, schema_ui: expect.any(Object) })
  })

  it('get: one row a schema field (FIELD, TYPE, REQUIRED, TITLE); --json the record type as served', async () => {
    const r = await cms('types', 'get', 'posts')
    expect(r.exitCode).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toContain('views\tinteger\tno\tViews')
    expect(lines).toContain('title\tstring\tyes\tTitle')
    expect(lines).toContain('publishedAt\tstring|null\tno\tPublished at')
    const json = JSON.parse((await cms('types', 'get', 'products', '--json')).stdout)
    expect(json).toMatchObject({
      slug: 'products',
      name: 'Products',
      schema: { properties: { price: { type: 'number' } } },
    })
  })

  it('the schema describes the seeded records: every data field of a post is a declared property', async () => {
    const type = JSON.parse((await cms('types', 'get', 'posts', '--json')).stdout)
    const post = JSON.parse((await cms('get', 'posts', 'post_00001', '--json')).stdout)
    expect(Object.keys(type.schema.properties).sort()).toEqual(Object.keys(post.data).sort())
  })

  it('a collection without a record type, or none at all, is exit 3 naming it', async () => {
    await cms('save', 'untyped', '--data', '{"a":1}')
    for (const slug of ['untyped', 'nosuch']) {
      const r = await cms('types', 'get', slug)
      expect(r.exitCode).toBe(3)
      expect(r.stderr).toContain(slug)
    }
  })
})

describe('client.recordTypes', () => {
  it('list() pages the types; get(slug) returns one typed', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const slugs: string[] = []
    for await (const t of c.recordTypes.list({ limit: 1 })) slugs.push(t.slug)
    expect(slugs).toEqual(['posts', 'authors', 'products'])
    const authors = await c.recordTypes.get('authors')
    expect(authors.schema?.required).toEqual(['name', 'email'])
    await c.close()
  })
})
