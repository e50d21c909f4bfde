// A run with no credential (after `logout`, or never logged in) says "not logged in" before sending anything, exit 4
// (issue 22 item 11), as gh does; the other ways to give a credential, and commands that need none, still work.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testAccount, testApiKey, testContext } from '../helpers/test-context.js'

const noKey = { AGENTRY_API_KEY: undefined }
const listPath = `/api/v1beta/${testAccount}/agents?page=1`
const emptyPage = { data: [], pagination: { total: 0, page: 1, page_count: 0, page_size: 20 } }

describe('a call without a credential', () => {
  it('after logout: "not logged in — run agentry login", exit 4, nothing sent', async () => {
    const t = testContext({ stdin: testApiKey, env: noKey })
    expect(await t.run(['login', '--with-api-key', '--no-verify'])).toBe(0)
    expect(await t.run(['logout'])).toBe(0)
    t.clearOutput()
    // the MockAgent refuses any request not stubbed: none is, so a request sent would be a network error (exit 8)
    expect(await t.run(['agents', 'list'])).toBe(4)
    expect(t.stderr()).toMatch(/^error: not logged in \(profile default\): .*run agentry login/)
    expect(t.stderr()).toMatch(/agentry login --with-api-key/)
    expect(t.stdout()).toBe('')
  })

  it('says so for a profile never logged in, whatever the command (--error-format json too)', async () => {
    const t = testContext({ env: noKey })
    expect(await t.run(['--error-format', 'json', 'keys', 'delete', 'key_1', '--yes']), t.stderr()).toBe(4)
    expect(JSON.parse(t.stderr())).toMatchObject({
      error: { message: expect.stringMatching(/not logged in \(profile default\)/), exitCode: 4 },
    })
  })

  it('AGENTRY_API_KEY and --api-key-file still give the run its credential', async () => {
    const t = testContext()
    t.http
      .intercept({ path: listPath, method: 'GET', headers: { authorization: `Bearer ${testApiKey}` } })
      .reply(200, emptyPage)
    expect(await t.run(['agents', 'list']), t.stderr()).toBe(0)
    const u = testContext({ env: noKey })
    const file = join(u.configDir, 'key.txt')
    await writeFile(file, `${testApiKey}\n`, { mode: 0o600 })
    u.http
      .intercept({ path: listPath, method: 'GET', headers: { authorization: `Bearer ${testApiKey}` } })
      .reply(200, emptyPage)
    expect(await u.run(['--api-key-file', file, 'agents', 'list'])).toBe(0)
  })

  it('--emulator needs no login', async () => {
    const t = testContext({ env: { ...noKey, AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined } })
    // the run's own emulator, on 127.0.0.1: the only origin let through
    t.agent.enableNetConnect(/^127\.0\.0\.1:/)
    expect(await t.run(['--emulator', '--json', 'agents', 'list']), t.stderr()).toBe(0)
    expect(JSON.parse(t.stdout()).length).toBeGreaterThan(0)
  })

  it('commands that need no credential still run: config, version, whoami --no-check says not logged in', async () => {
    const t = testContext({ env: noKey })
    expect(await t.run(['config', 'set', 'output', 'json'])).toBe(0)
    expect(await t.run(['version'])).toBe(0)
    expect(await t.run(['whoami', '--no-check'])).toBe(4)
    expect(t.stderr()).toMatch(/not logged in/)
  })
})
