// `agentry keys list|create|delete`: the key printed once (just the key when piped), scopes and expiry in the body,
// and the key out of the --debug trace.
import { describe, expect, it } from 'vitest'
import { expiresAt } from '../../src/commands/keys/expiry.js'
import { stubCall } from '../helpers/http-stub.js'
import { type TestContext, testAccount, testContext } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'

const base = `/api/v1beta/${testAccount}/api-keys`
const newKey = 'agk_newkey_0123456789abcdefghij'
const created = {
  id: 'key_1',
  name: 'ci',
  prefix: 'agk_newk',
  scopes: {},
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  key: newKey,
}
const now = Date.parse('2030-01-01T00:00:00.000Z')

const stubCreate = (t: TestContext, data: object = created) => stubCall(t, 'POST', base, 201, data)

describe('keys create', () => {
  it('piped, prints just the key, so KEY=$(agentry keys create …) works', async () => {
    const t = testContext()
    const bodies = stubCreate(t)
    expect(await t.run(['keys', 'create', '--name', 'ci'])).toBe(0)
    expect(t.stdout()).toBe(`${newKey}\n`)
    expect(t.stderr()).toBe('')
    expect(bodies).toEqual([{ name: 'ci', scopes: {} }])
  })

  it('sends repeatable scopes, CMS access and an expiry given as a duration', async () => {
    const t = testContext({ now: () => now })
    const bodies = stubCreate(t)
    const argv = ['keys', 'create', '--name', 'scoped', '--agent', 'ag_1', '--agent', 'ag_2', '--scenario', 'scn_1']
    argv.push('--cms', 'read', '--expires', '30d')
    expect(await t.run(argv)).toBe(0)
    expect(bodies).toEqual([
      {
        name: 'scoped',
        scopes: { agents: ['ag_1', 'ag_2'], scenarios: ['scn_1'], cms: 'read' },
        expiresAt: '2030-01-31T00:00:00.000Z',
      },
    ])
  })

  it('--json prints the whole record with the key; a terminal gets a table and a warning on stderr', async () => {
    const t = testContext()
    stubCreate(t)
    expect(await t.run(['keys', 'create', '--name', 'ci', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(created)
    const u = testContext({ tty: true })
    stubCreate(u)
    expect(await u.run(['keys', 'create', '--name', 'ci'])).toBe(0)
    expect(u.stdout()).toMatch(new RegExp(`^key\\s+${newKey}$`, 'm'))
    expect(u.stderr()).toBe('warning: the key above is shown once; store it now\n')
  })

  it('keeps the new key out of the --debug trace', async () => {
    const t = testContext()
    stubCreate(t)
    expect(await t.run(['--debug', 'keys', 'create', '--name', 'ci'])).toBe(0)
    expect(t.stderr()).toContain(`> POST http://agentry.test${base}`)
    expect(t.stderr()).not.toContain(newKey)
    expect(t.stdout()).toBe(`${newKey}\n`)
  })

  it('refuses a bad --expires, --cms or missing --name before sending (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'a', '--expires', 'soon'], /--expires soon: not a date or a duration\nhint: e\.g\. --expires 30d/],
      [['--name', 'a', '--expires', '2000-01-01'], /--expires 2000-01-01: that is not in the future/],
      // past what a date can hold: was "This is a bug" (exit 1)
      [['--name', 'a', '--expires', '99999999999d'], /--expires 99999999999d: longer than 36500d \(100 years\)/],
      [['--name', 'a', '--expires', '9999999999999999999999w'], /longer than 36500d/],
      [['--name', 'a', '--cms', 'admin'], /Allowed choices are none, read, write/],
      [[], /required option '--name <name>'/],
      [['--name', ''], /--name: give a name/],
      [['--name', 'a', '--agent', ' '], /--agent: give a value/],
    ]
    for (const [flags, pattern] of cases) {
      const t = testContext({ now: () => now })
      expect(await t.run(['keys', 'create', ...flags])).toBe(2)
      expect(t.stderr()).toMatch(pattern)
    }
  })

  it('reads --expires as a date, a date and time, or a duration', () => {
    expect(expiresAt('2030-02-01', now)).toBe('2030-02-01T00:00:00.000Z')
    expect(expiresAt('2030-01-02T03:04:05Z', now)).toBe('2030-01-02T03:04:05.000Z')
    expect(expiresAt('2030-01-02T03:04:05+02:00', now)).toBe('2030-01-02T01:04:05.000Z')
    expect(expiresAt('12h', now)).toBe('2030-01-01T12:00:00.000Z')
    expect(() => expiresAt('0s', now)).toThrow(/not in the future/)
  })
})

describe('keys list and delete', () => {
  it('lists prefixes and scopes, never keys', async () => {
    const t = testContext()
    const { key: _key, ...listed } = created
    const scoped = { ...listed, id: 'key_2', name: 'ro', scopes: { agents: ['ag_1'], cms: 'read' } }
    t.http.get(`${base}?page=1`).reply(200, { data: [listed, scoped] })
    expect(await t.run(['keys', 'list'])).toBe(0)
    expect(t.stdout()).toBe(
      'key_1\tci\tagk_newk\tall\t2030-01-01T00:00:00.000Z\t\t\n' +
        'key_2\tro\tagk_newk\tagents=ag_1 cms=read\t2030-01-01T00:00:00.000Z\t\t\n',
    )
  })

  it('delete needs --yes without a terminal, then DELETEs', async () => {
    const t = testContext()
    expect(await t.run(['keys', 'delete', 'key_1'])).toBe(2)
    expect(t.stderr()).toMatch(/--yes/)
    t.http.intercept({ path: `${base}/key_1`, method: 'DELETE' }).reply(204, '')
    expect(await t.run(['keys', 'rm', 'key_1', '--yes'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    expect(t.stdout()).toBe('')
  })
})

describe('keys help', () => {
  itShowsExamples([['keys'], ['keys', 'list'], ['keys', 'create'], ['keys', 'delete']], /\nExamples:\n {2}\S/)
})
