// Lists and records in the shapes the service's public sources show (test/helpers/documented-routes.ts: agents as
// `{data,total,models}`, scenarios, webhooks and files as plain arrays, one CMS record as `{data:[record]}`, meta in
// snake_case), read by the CLI and by the library through the one reader (src/api/shapes.ts); and the same commands
// against the emulator, which answers in our own shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { documentedAccount, documentedRoutes } from '../helpers/documented-routes.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

let doc: DocumentedServer
beforeAll(async () => {
  doc = await startDocumentedServer(documentedRoutes())
})
afterAll(() => doc.close())
const fx = emulatorFixture()

const docEnv = () => ({ AGENTRY_BASE_URL: doc.baseUrl, AGENTRY_ACCOUNT: documentedAccount, AGENTRY_API_KEY: 'bsy_doc' })

/** `--json` of a command against the documented server. */
async function docJson(args: string[]): Promise<unknown> {
  const r = await runCommand([...args, '--json'], { env: docEnv() })
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  return JSON.parse(r.stdout)
}

const ids = (v: unknown) => (v as { id: string }[]).map((x) => x.id)

describe('the CLI reads the documented list shapes', () => {
  it.each([
    ['agents `{data,total,models}`', ['agents', 'list'], ['ag_doc_1', 'ag_doc_2']],
    ['scenarios as a plain array', ['scenario', 'list'], ['sc_doc_1']],
    ['webhooks as a plain array', ['webhook', 'list'], ['wh_doc_1']],
  ])('%s', async (_, args, want) => {
    expect(ids(await docJson(args))).toEqual(want)
  })

  it('files as a plain array, their snake_case dates under our names', async () => {
    const files = (await docJson(['files', 'list'])) as { path: string; updatedAt?: string }[]
    expect(files.map((f) => [f.path, f.updatedAt])).toEqual([
      ['public/docs/readme.txt', '2026-01-08T08:00:00Z'],
      ['public/logo.png', '2026-01-09T08:00:00Z'],
    ])
  })

  it('a plain array is the whole list: --all asks for one page only', async () => {
    const before = doc.requests.length
    const r = await runCommand(['webhook', 'list', '--all', '--limit', '1', '--json'], { env: docEnv() })
    expect(r.exitCode).toBe(0)
    expect(doc.requests.slice(before).map((q) => q.path)).toEqual([`/${documentedAccount}/webhooks`])
  })

  it('one CMS record inside `{data:[record]}`, with its meta shown as from a camelCase server', async () => {
    const r = (await docJson(['cms', 'get', 'posts', 'rec_doc_new'])) as Record<string, unknown>
    expect(r).toMatchObject({ id: 'rec_doc_new', createdAt: '2026-02-01T00:00:00Z', updatedAt: '2026-02-03T00:00:00Z' })
    expect(r).toHaveProperty('publishedAt', null)
    expect(r).not.toHaveProperty('created_at')
  })

  it('`--select updated_at` names the record meta, in a table as in JSON', async () => {
    const r = await runCommand(['cms', 'query', 'posts', '--select', 'title,updated_at', '-o', 'tsv'], {
      env: docEnv(),
    })
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toContain('rec_doc_old\tOlder post\t2026-01-02T00:00:00Z')
  })
})

describe('the library reads the documented shapes', () => {
  const client = () => createClient({ baseUrl: doc.baseUrl, apiKey: 'bsy_doc', account: documentedAccount, retries: 0 })

  it('agents `{data,total}`: the total becomes the pagination', async () => {
    const list = client().agents.list({ limit: 1 })
    const first = []
    for await (const a of list.firstPage()) first.push(a.id)
    expect(first).toEqual(['ag_doc_1', 'ag_doc_2'])
    expect(list.lastPage?.pagination).toMatchObject({ total: 2, page: 1, page_count: 2, page_size: 1 })
    expect(list.lastPage?.data[0]).toHaveProperty('createdAt', '2026-03-01T10:00:00Z')
  })

  it.each([
    ['scenarios', (c: ReturnType<typeof client>) => c.scenarios.list().toArray(), ['sc_doc_1']],
    ['webhooks', (c: ReturnType<typeof client>) => c.webhooks.list().toArray(), ['wh_doc_1']],
  ])('%s as a plain array', async (_, list, want) => {
    expect(ids(await list(client()))).toEqual(want)
  })

  it('cms.get unwraps `{data:[record]}`; a query orders by the snake_case name the service sorts by', async () => {
    const c = client()
    expect(await c.cms.get('posts', 'rec_doc_old')).toMatchObject({
      id: 'rec_doc_old',
      updatedAt: '2026-01-02T00:00:00Z',
    })
    const rows = []
    for await (const r of c.cms.from('posts').orderBy('updated_at', 'desc')) rows.push(r.id)
    expect(rows).toEqual(['rec_doc_new', 'rec_doc_old'])
  })
})

describe('the same reads against the emulator (our own shapes)', () => {
  const emulatorJson = async (args: string[]) => {
    const r = await runCommand([...args, '--json'], { env: fx.env() })
    expect([r.exitCode, r.stderr]).toEqual([0, ''])
    return JSON.parse(r.stdout) as unknown
  }

  it('the CLI: one CMS record with its camelCase meta, and `--select updated_at` naming it', async () => {
    const [first] = (await emulatorJson(['cms', 'query', 'posts', '--limit', '1'])) as { id: string }[]
    const r = (await emulatorJson(['cms', 'get', 'posts', first?.id ?? ''])) as Record<string, unknown>
    expect(r).toMatchObject({ id: first?.id, createdAt: expect.any(String), updatedAt: expect.any(String) })
    expect(r).not.toHaveProperty('created_at')
    const tsv = await runCommand(
      ['cms', 'query', 'posts', '--select', 'title,updated_at', '--limit', '2', '-o', 'tsv'],
      {
        env: fx.env(),
      },
    )
    expect(tsv.exitCode).toBe(0)
    expect(
      tsv.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')[2]),
    ).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT/), expect.stringMatching(/^\d{4}-\d\d-\d\dT/)])
  })

  it('the library: agents with their pagination, scenarios, webhooks, one record and a query by updated_at', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const list = c.agents.list({ limit: 1 })
    for await (const _ of list.firstPage());
    expect(list.lastPage?.pagination).toMatchObject({ page: 1, page_size: 1 })
    expect(list.lastPage?.pagination?.total).toBeGreaterThan(1)
    expect((await c.scenarios.list().toArray()).length).toBeGreaterThan(0)
    expect((await c.webhooks.list().toArray()).length).toBeGreaterThan(0)
    const rows: { id: string; updatedAt?: unknown }[] = []
    for await (const r of c.cms.from('posts').orderBy('updated_at', 'desc').pageSize(5)) {
      rows.push(r as { id: string; updatedAt?: unknown })
      if (rows.length === 5) break
    }
    const dates = rows.map((r) => String(r.updatedAt))
    expect(dates.every((d) => /^\d{4}-\d\d-\d\dT/.test(d))).toBe(true)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(await c.cms.get('posts', rows[0]?.id ?? '')).toMatchObject({ id: rows[0]?.id, updatedAt: dates[0] })
    await c.close()
  })
})

describe('the same commands against the emulator (our own shapes)', () => {
  it.each([[['agents', 'list']], [['scenario', 'list']], [['webhook', 'list']], [['files', 'list']]])(
    '%j',
    async (args) => {
      const r = await runCommand([...args, '--json'], { env: fx.env() })
      expect(r.exitCode).toBe(0)
      expect(Array.isArray(JSON.parse(r.stdout))).toBe(true)
    },
  )
})
