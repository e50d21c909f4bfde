// `agentry login --from-brightsy`: the official CLI's session file (public-facts row 10) imported into a profile,
// then used; read only when asked for; bad files are usage errors that never show what the file holds.
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, loadCredentials } from '../../src/config/store.js'
import { tempDir } from '../helpers/temp-dir.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'

const accessToken = 'bsy_at_secret_0123456789'
const refreshToken = 'bsy_rt_secret_0123456789'
const session = {
  access_token: accessToken,
  refresh_token: refreshToken,
  account_id: 'acc_bsy',
  account_slug: 'acme',
  expires_at: 4_102_444_800_000,
  oauth_client_id: 'cl_brightsy',
}

async function sessionFile(content: unknown): Promise<string> {
  const path = join(tempDir(), 'config.json')
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content), { mode: 0o600 })
  return path
}

const bare = { AGENTRY_API_KEY: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_BASE_URL: undefined }

describe('login --from-brightsy', () => {
  it('stores the session as the profile OAuth grant, then calls the service with its token', async () => {
    const path = await sessionFile(session)
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
    expect(await t.run(['login', '--from-brightsy'])).toBe(0)
    const grant = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(grant).toMatchObject({
      accessToken,
      refreshToken,
      expiresAt: session.expires_at,
      clientId: 'cl_brightsy',
      tokenEndpoint: 'https://brightsy.ai/oauth/token',
      accountId: 'acc_bsy',
    })
    // the default server stays the default: only the account goes into the profile
    expect((await loadConfig(t.configDir)).profiles.default).toEqual({ account: 'acc_bsy' })
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toContain(path)
    expect(t.stderr()).not.toContain(accessToken)
    expect(t.stderr()).not.toContain(refreshToken)

    t.agent
      .get('https://brightsy.ai')
      .intercept({
        path: '/api/v1beta/acc_bsy/agents?page=1&limit=1',
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}` },
      })
      .reply(200, [{ id: 'ag_1', name: 'Real' }])
    expect(await t.run(['agents', 'list', '--limit', '1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject([{ id: 'ag_1' }])
  })

  it('keeps the server a session names in the profile, after saying which one it is', async () => {
    const other = 'https://other.example'
    const path = await sessionFile({ ...session, endpoint: `${other}/` })
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
    expect(await t.run(['--profile', 'imported', 'login', '--from-brightsy'])).toBe(0)
    expect(t.stderr()).toMatch(/warning: .* names the server https:\/\/other\.example, not the service/)
    expect((await loadConfig(t.configDir)).profiles.imported).toEqual({
      baseUrl: `${other}/api/v1beta`,
      account: 'acc_bsy',
    })
    const stored = (await loadCredentials(t.configDir)).profiles.imported
    expect(stored?.oauth?.tokenEndpoint).toBe(`${other}/oauth/token`)
    // bound to the session's server: sent nowhere else
    expect(stored?.origin).toBe(other)
  })

  it('on a terminal, asks before trusting another server; a no imports nothing (issue 37 item 6)', async () => {
    const path = await sessionFile({ ...session, endpoint: 'https://other.example' })
    const prompter = fakePrompter([false])
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path }, tty: true, prompter })
    expect(await t.run(['login', '--from-brightsy'])).toBe(0)
    expect(prompter.asked[0]?.message).toMatch(/send its tokens to https:\/\/other\.example\?/)
    expect(t.stderr()).toMatch(/not imported/)
    await expect(loadCredentials(t.configDir)).resolves.toMatchObject({ profiles: {} })
    // the service itself is trusted without a question
    const ok = testContext({ env: { ...bare, BRIGHTSY_CONFIG: await sessionFile(session) }, tty: true })
    expect(await ok.run(['login', '--from-brightsy'])).toBe(0)
  })

  it('refuses a plain http:// endpoint that is not this machine, naming it (exit 2); loopback is taken', async () => {
    const path = await sessionFile({ ...session, endpoint: 'http://sessions.example:8080' })
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
    expect(await t.run(['login', '--from-brightsy'])).toBe(2)
    expect(t.stderr()).toMatch(/its endpoint http:\/\/sessions\.example:8080 is plain http:\/\/ .*in clear/)
    await expect(loadCredentials(t.configDir)).resolves.toMatchObject({ profiles: {} })
    const local = testContext({
      env: { ...bare, BRIGHTSY_CONFIG: await sessionFile({ ...session, endpoint: 'http://127.0.0.1:9' }) },
    })
    expect(await local.run(['login', '--from-brightsy'])).toBe(0)
  })

  it('refuses a FIFO, a directory or a device at once, without waiting for a writer (issue 37 item 6)', async () => {
    const dir = tempDir()
    const fifo = join(dir, 'session.fifo')
    execFileSync('mkfifo', [fifo])
    for (const path of [fifo, dir, '/dev/zero']) {
      const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
      expect(await t.run(['login', '--from-brightsy']), path).toBe(2)
      expect(t.stderr()).toMatch(/is (not a regular file|a directory)/)
    }
  })

  it('is never read without the flag: a run with no credential is not logged in', async () => {
    const path = await sessionFile(session)
    const t = testContext({ env: { ...bare, AGENTRY_ACCOUNT: 'acc_bsy', BRIGHTSY_CONFIG: path } })
    expect(await t.run(['agents', 'list'])).toBe(4)
    expect(t.stderr()).toMatch(/not logged in/)
  })

  it.each([
    ['no such file', null, /no brightsy session at .*missing\.json\n.*BRIGHTSY_CONFIG/],
    ['not JSON', `{"access_token": "${accessToken}"`, /is not a brightsy session: it is not JSON/],
    ['no token', { account_id: 'acc_bsy' }, /it has no access_token.*\n.*brightsy login/],
    ['no account', { access_token: accessToken }, /it has no account_id/],
    ['a token of another type', { ...session, refresh_token: 42 }, /refresh_token is not a string/],
    ['an endpoint that is no URL', { ...session, endpoint: 'file:///etc' }, /endpoint is not an http\(s\) URL/],
  ])('refuses a file with %s (exit 2), showing none of it', async (_what, content, message) => {
    const path = content === null ? join(tempDir(), 'missing.json') : await sessionFile(content)
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
    expect(await t.run(['login', '--from-brightsy'])).toBe(2)
    expect(t.stderr()).toMatch(message)
    expect(t.stderr()).not.toContain(accessToken)
    await expect(loadCredentials(t.configDir)).resolves.toMatchObject({ profiles: {} })
  })

  it('refuses a --base-url other than the session server', async () => {
    const path = await sessionFile(session)
    const t = testContext({ env: { ...bare, BRIGHTSY_CONFIG: path } })
    expect(await t.run(['--base-url', 'https://other.example/api/v1beta', 'login', '--from-brightsy'])).toBe(2)
    expect(t.stderr()).toMatch(/belongs to https:\/\/brightsy\.ai\/api\/v1beta, not https:\/\/other\.example/)
  })
})
