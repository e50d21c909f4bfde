import { chmod, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { credentialsFile } from '../../src/config/paths.js'
import { loadConfig, loadCredentials, updateCredentials } from '../../src/config/store.js'
import { fakePrompter, testAccount, testApiKey, testContext, testOrigin } from '../helpers/test-context.js'

const key = 'agk_live_0123456789abcdef'
const noKey = { AGENTRY_API_KEY: undefined }
const listPath = `/api/v1beta/${testAccount}/agents?page=1&limit=1`
const emptyPage = { data: [], pagination: { total: 0, page: 1, page_count: 0, page_size: 1 } }

describe('login --with-api-key', () => {
  it('reads the key from piped stdin, tries it against the server, stores it 0600, never echoes it', async () => {
    const t = testContext({ stdin: `${key}\n`, env: noKey })
    t.http
      .intercept({ path: listPath, method: 'GET', headers: { authorization: `Bearer ${key}` } })
      .reply(200, emptyPage)
    expect(await t.run(['login', '--with-api-key'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    expect((await loadCredentials(t.configDir)).profiles.default).toEqual({ apiKey: key, origin: testOrigin })
    expect((await stat(credentialsFile(t.configDir))).mode & 0o777).toBe(0o600)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toContain('agk_liv…')
    expect(t.stderr()).not.toContain(key)
  })

  it('refuses a key the server answers 401 to: exit 4, nothing stored', async () => {
    const t = testContext({ stdin: key, env: noKey })
    t.http.get(listPath).reply(401, { error: { message: 'Invalid API key' } })
    expect(await t.run(['login', '--with-api-key'])).toBe(4)
    expect(t.stderr()).toMatch(/rejected the API key agk_liv… \(401\); it was not stored/)
    expect(t.stderr()).not.toContain(key)
    await expect(readFile(credentialsFile(t.configDir))).rejects.toThrow(/ENOENT/)
  })

  it('checks against the service itself when no base URL is configured (not saved in the profile), or not with --no-verify', async () => {
    const t = testContext({ stdin: key, env: { ...noKey, AGENTRY_BASE_URL: undefined } })
    t.agent
      .get('https://brightsy.ai')
      .intercept({ path: listPath, method: 'GET', headers: { authorization: `Bearer ${key}` } })
      .reply(200, emptyPage)
    expect(await t.run(['--profile', 'ci', 'login', '--with-api-key'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.ci?.apiKey).toBe(key)
    expect((await loadConfig(t.configDir)).profiles.ci?.baseUrl).toBeUndefined()
    const u = testContext({ stdin: key, env: noKey })
    expect(await u.run(['login', '--with-api-key', '--no-verify'])).toBe(0)
    expect((await loadCredentials(u.configDir)).profiles.default?.apiKey).toBe(key)
  })

  it('names only what is missing when the base URL is given but no account (issue 22 item 12)', async () => {
    const t = testContext({ stdin: key, env: { ...noKey, AGENTRY_ACCOUNT: undefined } })
    expect(
      await t.run(['--profile', 'p4', '--base-url', 'https://api.test/api/v1beta', 'login', '--with-api-key']),
    ).toBe(0)
    expect(t.stderr()).toMatch(/not checked against the server \(no account is set\)/)
    expect(t.stderr()).not.toMatch(/no base URL/)
  })

  it('stores the key anyway, with a warning, when the server cannot be asked', async () => {
    const t = testContext({ stdin: key, env: noKey })
    t.http.get(listPath).reply(503, { error: { message: 'down' } })
    expect(await t.run(['--retries', '0', 'login', '--with-api-key'])).toBe(0)
    expect(t.stderr()).toMatch(/warning: could not check the key/)
    expect((await loadCredentials(t.configDir)).profiles.default?.apiKey).toBe(key)
  })

  it('asks with a masked prompt on a terminal', async () => {
    const prompter = fakePrompter([key])
    const t = testContext({ tty: true, prompter, env: { ...noKey, AGENTRY_BASE_URL: undefined } })
    expect(await t.run(['login', '--with-api-key'])).toBe(0)
    expect(prompter.asked).toEqual([{ kind: 'password', message: 'API key:' }])
    expect((await loadCredentials(t.configDir)).profiles.default?.apiKey).toBe(key)
  })

  it('reads --api-key-file', async () => {
    const t = testContext({ env: { ...noKey, AGENTRY_BASE_URL: undefined } })
    const file = join(t.configDir, 'key.txt')
    await writeFile(file, `${key}\n`, { mode: 0o600 })
    expect(await t.run(['--api-key-file', file, 'login', '--with-api-key'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default?.apiKey).toBe(key)
  })

  it.each(['', '\n', 'Bearer agk_live_0123456789', 'two words here', 'short'])(
    'refuses an empty or malformed key with exit 2: %j',
    async (input) => {
      const t = testContext({ stdin: input, env: noKey })
      expect(await t.run(['login', '--with-api-key'])).toBe(2)
      expect(t.stderr()).toMatch(/^error: /)
      await expect(readFile(credentialsFile(t.configDir))).rejects.toThrow(/ENOENT/)
    },
  )

  it('warns that AGENTRY_API_KEY wins over the stored key', async () => {
    const t = testContext({ stdin: key, env: { AGENTRY_BASE_URL: undefined } })
    expect(await t.run(['login', '--with-api-key'])).toBe(0)
    expect(t.stderr()).toMatch(/warning: AGENTRY_API_KEY is set/)
  })
})

describe('whoami', () => {
  it('names the environment key by its prefix only, with base URL and account', async () => {
    const t = testContext()
    expect(await t.run(['whoami', '--no-check', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({
      profile: 'default',
      kind: 'api-key',
      source: 'AGENTRY_API_KEY',
      keyPrefix: 'agk_tes…',
      baseUrl: 'http://agentry.test/api/v1beta',
      account: testAccount,
    })
    expect(t.stdout()).not.toContain(testApiKey)
  })

  it('prefers --api-key-file over the environment over the stored key', async () => {
    const t = testContext({ env: { AGENTRY_API_KEY: 'agk_envkey_0123456789' } })
    await updateCredentials(
      t.configDir,
      (c) => {
        c.profiles.default = { apiKey: 'agk_stored_0123456789' }
      },
      testOrigin,
    )
    const file = join(t.configDir, 'k')
    await writeFile(file, 'agk_filekey_0123456789', { mode: 0o600 })
    const source = async (argv: string[], env?: Record<string, string | undefined>) => {
      const u = testContext({ configDir: t.configDir, env: { ...env } })
      expect(await u.run([...argv, 'whoami', '--no-check', '--json'])).toBe(0)
      return JSON.parse(u.stdout()) as { source: string; keyPrefix: string }
    }
    expect(await source(['--api-key-file', file])).toMatchObject({
      source: `--api-key-file ${file}`,
      keyPrefix: 'agk_fil…',
    })
    expect(await source([])).toMatchObject({ source: 'AGENTRY_API_KEY', keyPrefix: 'agk_tes…' })
    expect(await source([], noKey)).toMatchObject({
      source: 'profile default (credentials.json)',
      keyPrefix: 'agk_sto…',
    })
  })

  it('prints key/value lines on a terminal', async () => {
    const t = testContext({ tty: true })
    expect(await t.run(['whoami', '--no-check'])).toBe(0)
    expect(t.stdout()).toMatch(/^profile +default\nkind +api-key\nsource +AGENTRY_API_KEY\nkeyPrefix +agk_tes…\n/)
  })

  it('says how to log in when there is no credential (exit 4)', async () => {
    const t = testContext({ env: noKey })
    expect(await t.run(['whoami'])).toBe(4)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toMatch(/^error: not logged in \(profile default\)/)
    expect(t.stderr()).toMatch(/hint: .*agentry login.*--with-api-key.*AGENTRY_API_KEY/)
  })

  it('refuses a group-readable credentials file with the chmod to fix it (exit 4)', async () => {
    const t = testContext({ env: noKey })
    await updateCredentials(t.configDir, (c) => {
      c.profiles.default = { apiKey: key }
    })
    await chmod(credentialsFile(t.configDir), 0o644)
    expect(await t.run(['whoami'])).toBe(4)
    expect(t.stderr()).toContain(`hint: run: chmod 600 ${credentialsFile(t.configDir)}`)
    expect(t.stderr()).not.toContain(key)
  })

  it('never shows the key, not even in a --debug trace of a request', async () => {
    const t = testContext({ env: { AGENTRY_API_KEY: key } })
    t.http
      .intercept({ path: `/api/v1beta/${testAccount}/agents?page=1`, method: 'GET' })
      .reply(200, { ...emptyPage, echo: key })
    expect(await t.run(['--debug', 'whoami', '--no-check'])).toBe(0)
    expect(await t.run(['--debug', 'agents', 'list'])).toBe(0)
    expect(t.stderr()).toMatch(/authorization: Bearer \[REDACTED\]/)
    expect(t.stdout() + t.stderr()).not.toContain(key)
    expect(t.stdout() + t.stderr()).not.toContain(key.slice(4))
  })
})

describe('logout (API key)', () => {
  it('removes the profile credential and leaves the others', async () => {
    const t = testContext({ env: noKey })
    await updateCredentials(t.configDir, (c) => {
      c.profiles.default = { apiKey: key }
      c.profiles.ci = { apiKey: 'agk_ci_0123456789' }
    })
    expect(await t.run(['logout'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles).toEqual({
      ci: { apiKey: 'agk_ci_0123456789', origin: 'https://brightsy.ai' },
    })
    expect(t.stderr()).toMatch(/logged out of profile default: removed its API key/)
    t.clearOutput()
    expect(await t.run(['logout'])).toBe(0)
    expect(t.stderr()).toMatch(/profile default has no stored credential/)
  })
})

describe('login --with-api-key over an OAuth login', () => {
  it('says that it replaces the OAuth login, and keeps a --base-url given with it in the profile', async () => {
    const t = testContext({ stdin: key, env: { ...noKey, AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined } })
    await updateCredentials(t.configDir, (c) => {
      c.profiles.default = { oauth: { accessToken: 'at_old_0123456789', clientId: 'cl', tokenEndpoint: 'http://x/t' } }
    })
    const args = ['--base-url', 'https://other.test/api/v1beta', 'login', '--with-api-key', '--no-verify']
    expect(await t.run(args)).toBe(0)
    expect(t.stderr()).toMatch(/the API key replaces the OAuth login stored for profile default/)
    expect((await loadCredentials(t.configDir)).profiles.default).toEqual({ apiKey: key, origin: 'https://other.test' })
    const cfg = JSON.parse(await readFile(join(t.configDir, 'config.json'), 'utf8'))
    expect(cfg.profiles.default).toEqual({ baseUrl: 'https://other.test/api/v1beta' })
    expect(t.stderr()).not.toContain('at_old')
  })
})
