// The resource layer (src/sdk) as a library user calls it: lists as async iterables over pages, typed errors per
// status that keep the CLI's exit codes, request bodies checked against the contract before anything is sent, and
// the fluent CMS query against a real emulator.
import { MockAgent } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, ExitCode, exitCodeOf, UsageError } from '../../src/errors.js'
import {
  AuthenticationError,
  ConflictError,
  createClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'

const origin = 'http://sdk.test'
const agents: MockAgent[] = []

function mocked() {
  const agent = new MockAgent()
  agent.disableNetConnect()
  agents.push(agent)
  const client = createClient({
    baseUrl: `${origin}/api/v1beta`,
    apiKey: 'agk_test',
    account: 'acc_1',
    dispatcher: agent,
    retries: 0,
  })
  return { pool: agent.get(origin), client, agent }
}

afterEach(async () => {
  for (const a of agents.splice(0)) {
    a.assertNoPendingInterceptors()
    await a.close()
  }
})

const page = (ids: string[], p: number, count: number) => ({
  data: ids.map((id) => ({ id })),
  pagination: { total: 5, page: p, page_count: count, page_size: 2 },
})

describe('generated methods (src/sdk/methods.gen.ts)', () => {
  it('client.skills.get() reads one skill by its encoded id, typed by its declaration', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: '/api/v1beta/acc_1/skills/a%2Fb' }).reply(200, { id: 'a/b', name: 'Slash', tags: ['x'] })
    const skill = await client.skills.get('a/b')
    const name: string | undefined = skill.name
    expect([skill.id, name, skill.tags]).toEqual(['a/b', 'Slash', ['x']])
    await expect(client.skills.get('..')).rejects.toThrow(/<skillId> has a "\.\." segment/)
  })
})

describe('the base URL', () => {
  it('is the service itself when none is given, as the official SDK has it', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    agents.push(agent)
    const client = createClient({ apiKey: 'agk_test', account: 'acc_1', dispatcher: agent, retries: 0 })
    expect(client.baseUrl).toBe('https://brightsy.ai/api/v1beta')
    agent
      .get('https://brightsy.ai')
      .intercept({ path: '/api/v1beta/acc_1/agents/ag_1', method: 'GET' })
      .reply(200, { id: 'ag_1', name: 'Real' })
    expect(await client.agents.get('ag_1')).toMatchObject({ id: 'ag_1', name: 'Real' })
  })
})

describe('answers in the other shapes the public sources show', () => {
  it('the messages of a chat as a plain array, snake_case dates, read as the declared list', async () => {
    const { pool, client } = mocked()
    const chatId = '0b7a4c1e-6a51-4a7e-9d0e-3b1c2d4e5f60'
    pool
      .intercept({ path: `/api/v1beta/agent/ag_1/chat/completion/workspace/${chatId}/messages`, method: 'GET' })
      .reply(200, [
        { id: 'm1', role: 'user', content: 'hi', created_at: '2026-11-28T09:00:00Z' },
        { id: 'm2', role: 'assistant', content: 'hello', created_at: '2026-11-28T09:00:01Z' },
      ])
    const messages = await client.chats.messages('ag_1', chatId)
    expect(messages.map((m) => [m.id, m.role, m.content])).toEqual([
      ['m1', 'user', 'hi'],
      ['m2', 'assistant', 'hello'],
    ])
    expect(messages[0]).toMatchObject({ createdAt: '2026-11-28T09:00:00Z' })
  })
})

describe('resources', () => {
  it('are built on first use, each once: the same object every time, methods kept (a spy on one stays on it)', async () => {
    const { pool, client } = mocked()
    const names = [
      'agents',
      'skills',
      'chats',
      'chat',
      'scenarios',
      'webhooks',
      'schedules',
      'keys',
      'sites',
      'pages',
      'files',
      'images',
      'cms',
    ] as const
    for (const name of names) expect(client[name], name).toBe(client[name])
    expect(Object.keys(client.chats)).toEqual(expect.arrayContaining(['list', 'deleteMessage', 'uiMessages']))
    const calls: string[] = []
    const list = client.agents.list
    client.agents.list = (...args) => {
      calls.push('list')
      return list(...args)
    }
    pool.intercept({ path: '/api/v1beta/acc_1/agents?page=1' }).reply(200, page(['a1'], 1, 1))
    const ids: string[] = []
    for await (const a of client.agents.list()) ids.push(a.id)
    expect([calls, ids]).toEqual([['list'], ['a1']])
  })
})

describe('lists', () => {
  it('iterates every page, in order, from the page asked for', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: '/api/v1beta/acc_1/agents?limit=2&page=1' }).reply(200, page(['a', 'b'], 1, 3))
    pool.intercept({ path: '/api/v1beta/acc_1/agents?limit=2&page=2' }).reply(200, page(['c', 'd'], 2, 3))
    pool.intercept({ path: '/api/v1beta/acc_1/agents?limit=2&page=3' }).reply(200, page(['e'], 3, 3))
    const ids: string[] = []
    for await (const a of client.agents.list({ limit: 2 })) ids.push(a.id)
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('firstPage() asks for one page only; without a pagination object a short page is the last', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: '/api/v1beta/acc_1/skills?page=2&limit=2' }).reply(200, page(['x', 'y'], 2, 9))
    const firstPage: string[] = []
    for await (const s of client.skills.list({ page: 2, limit: 2 }).firstPage()) firstPage.push(s.id)
    expect(firstPage).toEqual(['x', 'y'])
    pool
      .intercept({ path: '/api/v1beta/acc_1/sites?limit=2&page=1' })
      .reply(200, { data: [{ id: 's1' }, { id: 's2' }] })
    pool.intercept({ path: '/api/v1beta/acc_1/sites?limit=2&page=2' }).reply(200, { data: [{ id: 's3' }] })
    expect((await client.sites.list({ limit: 2 }).toArray()).map((s) => s.id)).toEqual(['s1', 's2', 's3'])
  })

  it('a limit outside 1–100 is a usage error before any request', async () => {
    const { client } = mocked()
    await expect(client.agents.list({ limit: 101 }).toArray()).rejects.toThrow(UsageError)
    await expect(client.agents.list({ limit: 0 }).toArray()).rejects.toThrow(/limit must be 1–100/)
  })
})

describe('typed errors', () => {
  it.each([
    [401, AuthenticationError, ExitCode.auth],
    [404, NotFoundError, ExitCode.notFound],
    [409, ConflictError, ExitCode.conflict],
    [429, RateLimitError, ExitCode.rateLimited],
    [503, InternalServerError, ExitCode.server],
  ])('%i is a %o, which the CLI maps to its exit code', async (status, cls, code) => {
    const { pool, client } = mocked()
    pool
      .intercept({ path: '/api/v1beta/acc_1/agents/ag_1' })
      .reply(status, { error: { message: 'nope', code: 'x' } }, { headers: { 'x-request-id': 'req_9' } })
    const err = await client.agents.get('ag_1').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(cls)
    expect(err).toBeInstanceOf(ApiError)
    // typed once, where the HTTP core read the answer; no exit code in the library's error: the CLI maps it
    expect(err).not.toHaveProperty('exitCode')
    expect(exitCodeOf(err)).toBe(code)
    expect(err).toMatchObject({ status, serverMessage: 'nope', code: 'x', requestId: 'req_9' })
    expect((err as Error).message).toMatch(/^GET http:\/\/sdk\.test\/api\/v1beta\/acc_1\/agents\/ag_1: \d+ nope/)
  })

  it('a 404 is typed once, with the hint only the client can give (the list that shows the ids)', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: '/api/v1beta/acc_1/agents/ag_1' }).reply(404, { error: { message: 'nope' } })
    const err = await client.agents.get('ag_1').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NotFoundError)
    expect(err).toMatchObject({ hint: 'no such id? `agentry agents list` shows them' })
  })

  it('a list page that fails is typed too', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: '/api/v1beta/acc_1/api-keys?page=1' }).reply(404, { error: { message: 'gone' } })
    await expect(client.keys.list().toArray()).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('request bodies', () => {
  it('a body the contract refuses is a usage error naming the member, and nothing is sent', async () => {
    const { client } = mocked()
    const err = await client.webhooks
      .create({ name: 'x', status: 'active', scenarioId: 'scn_1' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UsageError)
    expect((err as Error).message).toBe('name: name must be 2 to 100 characters')
  })

  it('a body is sent as given: schema defaults add no members', async () => {
    const { pool, client } = mocked()
    let sent: unknown
    pool.intercept({ path: '/api/v1beta/acc_1/schedules/sch_1', method: 'PATCH' }).reply((req) => {
      sent = JSON.parse(String(req.body))
      return { statusCode: 200, data: { id: 'sch_1', name: 'n', scenarioId: 's', status: 'inactive' } }
    })
    await client.schedules.edit('sch_1', { status: 'inactive' })
    expect(sent).toEqual({ status: 'inactive' })
  })
})

describe('scenario runs', () => {
  /** A JSON value: what a member of a JSON answer can be. */
  type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

  it("types an execution's output as the JSON value it is, not unknown (tsc fails this file when it is unknown)", async () => {
    const { pool, client } = mocked()
    const output = { text: 'done', items: [1, 'two', null] }
    pool
      .intercept({ path: '/api/v1beta/scenario/scn_1', method: 'POST' })
      .reply(200, { id: 'exe_1', scenarioId: 'scn_1', status: 'completed', output })
    const execution = await client.scenarios.execute('scn_1', 'hi', { secret: 'sec', signatureHeader: 'x-sig' })
    const typed: Json | undefined = execution.output
    expect(typed).toEqual(output)
  })
})

describe('CMS query rows', () => {
  const onPosts = (aggregate: boolean) => (path: string) =>
    path.startsWith('/api/v1beta/acc_1/cda/records/posts?') && path.includes('groupBy=') === aggregate
  const countRow = { data: [{ status: 'published', count: 3 }], pagination: { page: 1, pageSize: 20, total: 1 } }

  it('of a query that groups are aggregate rows, as the declaration says', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: onPosts(true) }).reply(200, countRow)
    const first = await client.cms.from('posts').groupBy('status').count().rows().firstPage().next()
    expect(first.value).toEqual({ status: 'published', count: 3 })
  })

  it('of any other query are records: a row without an id is not one', async () => {
    const { pool, client } = mocked()
    pool.intercept({ path: onPosts(false) }).reply(200, countRow)
    await expect(client.cms.from('posts').rows().firstPage().next()).rejects.toThrow(
      /records\/\{collection\}: data\[0\] does not match the interface: \.id: /,
    )
  })
})

describe('against the emulator', () => {
  const fx = emulatorFixture()
  const client = () => createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })

  it('the fluent CMS query filters, orders, pages and aggregates in the service vocabulary', async () => {
    const c = client()
    const rows = await c.cms
      .from('posts')
      .where('status', 'eq', 'published')
      .andOpenGrouping()
      .where('views', 'gt', 100)
      .or('featured', 'eq', true)
      .closeGrouping()
      .orderBy('views', 'desc')
      .pageSize(5)
      .rows()
      .pages(2)
    const seen: Record<string, unknown>[] = []
    for await (const p of rows) seen.push(...(p.data as { data: Record<string, unknown> }[]).map((r) => r.data))
    expect(seen).toHaveLength(10)
    for (const d of seen) {
      expect(d.status).toBe('published')
      expect((d.views as number) > 100 || d.featured === true).toBe(true)
    }
    const views = seen.map((d) => d.views as number)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    const [counted] = await c.cms.from('posts').groupBy('status').count().max('views').rows().toArray()
    expect(Object.keys(counted ?? {})).toEqual(expect.arrayContaining(['status', 'count', 'views_max']))
    const one = await c.cms
      .from('posts')
      .id(String((await c.cms.from('posts').pageSize(1).rows().firstPage().next()).value?.id))
      .get()
    expect(one.id).toMatch(/\S/)
    await c.close()
  })

  it('pageSize above 100 is refused by the builder', () => {
    expect(() => client().cms.from('posts').pageSize(101)).toThrow(RangeError)
  })

  it('chat.stream() is an async iterable of events; cancel() ends it', async () => {
    const c = client()
    const s = c.chat.stream('slow-poet', { messages: [{ role: 'user', content: 'a long poem' }] })
    const types: string[] = []
    for await (const e of s) {
      types.push(e.type)
      if (e.type === 'text') {
        const answer = await s.cancel()
        expect(['cancelled', 'already-cancelled', 'not-found']).toContain(answer.answer)
      }
    }
    expect(types).toContain('text')
    expect(types).not.toContain('done')
    await c.close()
  })
})
