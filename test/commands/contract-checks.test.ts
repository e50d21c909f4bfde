// Bad input is refused before any request (issue 7 "Bad input"): path values that are empty, `.` or `..`, and
// page sizes outside the interface's 1–100 (wire.md), each a usage error (exit 2) naming the argument or flag.
// The MockAgent fails any request that is not stubbed, so a request that slipped through would not be exit 2.
import { describe, expect, it } from 'vitest'
import { testContext } from '../helpers/test-context.js'

describe('path values', () => {
  it.each([
    [['agents', 'get', '..'], '<agentId>'],
    [['agents', 'get', '.'], '<agentId>'],
    [['webhook', 'get', '..'], '<webhookId>'],
    [['chats', 'messages', 'ag_1', '..'], '<chatId>'],
    [['pages', 'get', '.', 'page_1'], '<siteId>'],
    [['cms', 'get', 'posts', '..'], '<recordId>'],
    [['schedule', 'delete', '..', '--yes'], '<scheduleId>'],
  ])('%j is refused before any request, naming %s', async (argv, name) => {
    const t = testContext()
    expect(await t.run(argv)).toBe(2)
    expect(t.stderr()).toContain(name)
    expect(t.stderr()).toMatch(/must name one resource/)
    expect(t.stdout()).toBe('')
  })

  it('an empty id is refused too', async () => {
    const t = testContext()
    expect(await t.run(['agents', 'get', ''])).toBe(2)
    expect(t.stderr()).toMatch(/<agentId> is empty/)
  })

  it('a value with a slash or a dot inside is sent encoded, as one segment', async () => {
    const t = testContext()
    t.http.get('/api/v1beta/acc_1/agents/a%2F..%2Fb').reply(200, { id: 'a/../b' })
    t.http.get('/api/v1beta/acc_1/agents/v1.2').reply(200, { id: 'v1.2' })
    expect(await t.run(['agents', 'get', 'a/../b', '--json'])).toBe(0)
    expect(await t.run(['agents', 'get', 'v1.2', '--json'])).toBe(0)
  })
})

describe('page sizes come from the contract', () => {
  it.each([
    ['agents', 'list'],
    ['skills', 'list'],
    ['keys', 'list'],
    ['webhook', 'list'],
    ['chats', 'list', 'ag_1'],
  ])('%s %s --limit 101 is exit 2 naming --limit and 1–100', async (...argv) => {
    const t = testContext()
    expect(await t.run([...argv, '--limit', '101'])).toBe(2)
    // declared commands (defineCommand) say it the new way, those not yet declared the old way
    expect(t.stderr()).toMatch(/--limit: 101 must be a whole number from 1 to 100/)
  })

  it('--limit 0 and --limit 1000 are refused; --limit 100 is sent', async () => {
    const t = testContext()
    expect(await t.run(['agents', 'list', '--limit', '0'])).toBe(2)
    expect(await t.run(['agents', 'list', '--limit', '1000'])).toBe(2)
    t.http.get('/api/v1beta/acc_1/agents?limit=100&page=1').reply(200, { data: [{ id: 'ag_1' }] })
    expect(await t.run(['agents', 'list', '--limit', '100'])).toBe(0)
    expect(t.stdout()).toContain('ag_1')
  })

  it('cms query --page-size 101 and --limit 101 are exit 2 naming the flag', async () => {
    const t = testContext()
    expect(await t.run(['cms', 'query', 'posts', '--page-size', '101'])).toBe(2)
    expect(t.stderr()).toMatch(/--page-size: 101 must be a whole number from 1 to 100/)
    expect(await t.run(['cms', 'query', 'posts', '--limit', '101'])).toBe(2)
    expect(t.stderr()).toMatch(/--limit: 101 must be a whole number from 1 to 100/)
  })
})

describe('page sizes of declared list commands', () => {
  it.each([
    ['keys', 'list'],
    ['chats', 'list', 'ag_1'],
    ['sites', 'list'],
    ['pages', 'list', 'site_1'],
    ['files', 'list'],
    ['schedule', 'list'],
    ['webhook', 'list'],
  ])('%s %s --limit 101 is exit 2 naming --limit and the range 1 to 100', async (...argv) => {
    const t = testContext()
    expect(await t.run([...argv, '--limit', '101'])).toBe(2)
    expect(t.stderr()).toMatch(/--limit: 101 must be a whole number from 1 to 100/)
  })
})
