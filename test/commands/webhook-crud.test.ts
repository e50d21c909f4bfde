// `agentry webhook list|get|create|edit|delete|test`: exact request bodies, local validation before anything is
// sent, secrets hidden unless asked for, and the --yes rule for delete.
import { describe, expect, it } from 'vitest'
import { stubCall } from '../helpers/http-stub.js'
import { fakePrompter, testAccount, testContext } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'

const base = `/api/v1beta/${testAccount}/webhooks`
const secret = 'whsec_created_0123456789'
const hook = {
  id: 'whk_1',
  name: 'New orders',
  description: null,
  status: 'active',
  scenarioId: 'scn_1',
  url: 'http://agentry.test/api/webhooks/whk_1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
}

describe('webhook create', () => {
  it('sends the interface body and prints the webhook with its secret', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'POST', base, 201, { ...hook, secret })
    expect(await t.run(['webhook', 'create', '--name', 'New orders', '--scenario', 'scn_1', '--json'])).toBe(0)
    expect(bodies).toEqual([{ name: 'New orders', status: 'active', scenarioId: 'scn_1' }])
    expect(JSON.parse(t.stdout())).toEqual({ ...hook, secret })
    expect(t.stderr()).toBe('')
  })

  it('on a terminal, warns on stderr that the secret is shown once', async () => {
    const t = testContext({ tty: true })
    stubCall(t, 'POST', base, 201, { ...hook, secret })
    const argv = ['webhook', 'create', '--name', 'Hook', '--scenario', 'scn_1', '--status', 'inactive']
    argv.push('--description', 'Paid orders from the shop')
    expect(await t.run(argv)).toBe(0)
    expect(t.stdout()).toContain(secret)
    expect(t.stderr()).toBe('warning: the secret above is shown once; store it now\n')
  })

  it('checks the flags against the interface before sending anything (exit 2, one line naming the flag)', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'x', '--scenario', 's'], /^error: --name: must be 2 to 100 characters/],
      [['--name', 'x'.repeat(101), '--scenario', 's'], /^error: --name: must be 2 to 100 characters/],
      [['--name', 'ok', '--scenario', 's', '--description', 'd'.repeat(1001)], /--description: must be at most 1000/],
      [['--name', 'ok', '--scenario', 's', '--status', 'paused'], /--status.*Allowed choices are active, inactive/],
      [['--name', 'ok'], /required option '--scenario <id>'/],
      [['--scenario', 's'], /required option '--name <name>'/],
    ]
    for (const [flags, pattern] of cases) {
      const t = testContext()
      expect(await t.run(['webhook', 'create', ...flags])).toBe(2)
      expect(t.stderr()).toMatch(pattern)
      expect(t.stdout()).toBe('')
    }
  })

  it('accepts the limits themselves: 2 and 100 characters, a 1000-character description', async () => {
    for (const [name, description] of [
      ['ab', undefined],
      ['n'.repeat(100), 'd'.repeat(1000)],
    ] as const) {
      const t = testContext()
      const bodies = stubCall(t, 'POST', base, 201, { ...hook, secret })
      const argv = ['webhook', 'create', '--name', name, '--scenario', 'scn_1']
      if (description) argv.push('--description', description)
      expect(await t.run(argv)).toBe(0)
      expect(bodies[0]).toMatchObject({ name, ...(description ? { description } : {}) })
    }
  })
})

describe('webhook list, get and edit', () => {
  it('list hides secrets unless --show-secret, and prints TSV columns when piped', async () => {
    const t = testContext()
    const page = { data: [{ ...hook, secret }], pagination: { total: 1, page: 1, page_count: 1, page_size: 20 } }
    t.http.get(`${base}?page=1`).reply(200, page).times(3)
    expect(await t.run(['webhook', 'list', '--json'])).toBe(0)
    // JSON keeps the service's object: the hidden secret is left out, never replaced by a marker
    expect(JSON.parse(t.stdout())[0]).not.toHaveProperty('secret')
    expect(t.stdout()).not.toContain(secret)
    t.clearOutput()
    expect(await t.run(['webhooks', 'ls'])).toBe(0)
    expect(t.stdout()).toBe(`whk_1\tNew orders\tactive\tscn_1\t${hook.url}\n`)
    t.clearOutput()
    expect(await t.run(['webhook', 'list', '--show-secret', '-o', 'ndjson'])).toBe(0)
    expect(JSON.parse(t.stdout()).secret).toBe(secret)
  })

  it('get hides the secret unless --show-secret', async () => {
    const t = testContext()
    t.http
      .get(`${base}/whk_1`)
      .reply(200, { ...hook, secret })
      .times(3)
    expect(await t.run(['webhook', 'get', 'whk_1'])).toBe(0)
    expect(t.stdout()).toContain('secret\t[hidden: --show-secret]\n')
    expect(t.stdout()).not.toContain(secret)
    t.clearOutput()
    expect(await t.run(['webhook', 'get', 'whk_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(hook)
    t.clearOutput()
    expect(await t.run(['webhook', 'get', 'whk_1', '--show-secret', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).secret).toBe(secret)
  })

  it('edit PATCHes only the members given; nothing given is exit 2', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'PATCH', `${base}/whk_1`, 200, { ...hook, status: 'inactive', secret })
    expect(await t.run(['webhook', 'edit', 'whk_1', '--status', 'inactive', '--scenario', 'scn_2', '--json'])).toBe(0)
    expect(bodies).toEqual([{ status: 'inactive', scenarioId: 'scn_2' }])
    expect(t.stdout()).not.toContain(secret)
    const u = testContext()
    expect(await u.run(['webhook', 'edit', 'whk_1'])).toBe(2)
    expect(u.stderr()).toMatch(/nothing to change/)
    expect(await u.run(['webhook', 'edit', 'whk_1', '--name', 'a'])).toBe(2)
  })
})

describe('webhook delete', () => {
  it('needs --yes without a terminal (exit 2 naming it, nothing sent)', async () => {
    const t = testContext()
    expect(await t.run(['webhook', 'delete', 'whk_1'])).toBe(2)
    expect(t.stderr()).toMatch(/--yes is required/)
  })

  it('deletes with --yes', async () => {
    const t = testContext()
    stubCall(t, 'DELETE', `${base}/whk_1`, 204)
    expect(await t.run(['webhook', 'rm', 'whk_1', '--yes'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toBe('deleted webhook whk_1\n')
  })

  it('asks on a terminal; "no" deletes nothing (not deleted, exit 0)', async () => {
    const yes = fakePrompter([true])
    const t = testContext({ tty: true, prompter: yes })
    stubCall(t, 'DELETE', `${base}/whk_1`, 204)
    expect(await t.run(['webhook', 'delete', 'whk_1'])).toBe(0)
    expect(yes.asked[0]?.message).toMatch(/Delete webhook whk_1\?/)
    const u = testContext({ tty: true, prompter: fakePrompter([false]) })
    expect(await u.run(['webhook', 'delete', 'whk_1'])).toBe(0)
    expect(u.stderr()).toBe('not deleted\n')
  })
})

describe('webhook test', () => {
  const execution = { id: 'exe_1', scenarioId: 'scn_1', status: 'completed', output: 'ok' }

  it('sends the payload and exits 0 when delivered and completed', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'POST', `${base}/whk_1/test`, 200, { delivered: true, status: 200, execution })
    expect(await t.run(['webhook', 'test', 'whk_1', '--data', '{"order":42}', '--json'])).toBe(0)
    expect(bodies).toEqual([{ payload: { order: 42 } }])
    expect(JSON.parse(t.stdout()).execution).toEqual(execution)
  })

  it('not delivered → exit 5; a failed run → exit 1; a payload that is not an object → exit 2', async () => {
    const t = testContext()
    stubCall(t, 'POST', `${base}/whk_1/test`, 200, { delivered: false, status: 409, execution: null })
    expect(await t.run(['webhook', 'test', 'whk_1'])).toBe(5)
    expect(t.stderr()).toMatch(/not delivered.*\nhint: .*--status active/)
    const u = testContext()
    stubCall(u, 'POST', `${base}/whk_1/test`, 200, {
      delivered: true,
      status: 200,
      execution: { ...execution, status: 'failed', output: 'boom' },
    })
    expect(await u.run(['webhook', 'test', 'whk_1'])).toBe(1)
    expect(u.stderr()).toMatch(/run exe_1 failed: boom/)
    const v = testContext()
    expect(await v.run(['webhook', 'test', 'whk_1', '--data', '[1,2]'])).toBe(2)
  })
})

describe('webhook help', () => {
  itShowsExamples(
    [
      ['webhook'],
      ['webhook', 'list'],
      ['webhook', 'get'],
      ['webhook', 'create'],
      ['webhook', 'edit'],
      ['webhook', 'delete'],
      ['webhook', 'test'],
      ['webhook', 'trigger'],
    ],
    /\nExamples:\n {2}\S/,
  )
})
