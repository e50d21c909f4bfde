// The OAuth client in-process against the real emulator (not stubs): ctx.openBrowser is the injected "browser",
// which opens the consent page, approves, and follows the redirect to the loopback listener; or, with --no-browser,
// the test reads the printed address and plays the browser (test/helpers/oauth-browser.ts). The login, denial,
// time-out and API key cases here were e2e tests of the built CLI; test/e2e/auth-oauth.test.ts keeps what only a
// process shows (Ctrl-C as SIGINT, parallel processes refreshing one grant).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCredentials } from '../../src/config/store.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { consentAndReturn } from '../helpers/oauth-browser.js'
import { pollUntil } from '../helpers/poll.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))

/** A browser whose user clicks `decision` on the consent page. */
const browser = (decision: 'approve' | 'deny', opened: string[] = []) => {
  return async (url: string) => {
    opened.push(url)
    const html = await (await fetch(url)).text()
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
    if (!action) throw new Error(`no consent form in ${html}`)
    const form = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
      form.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!))
    form.set('decision', decision)
    const res = await fetch(new URL(unescapeHtml(action), url), { method: 'POST', body: form, redirect: 'manual' })
    await (await fetch(res.headers.get('location')!)).text()
  }
}

/** A context with no account and no key: the OAuth login supplies both. */
const ctxFor = (openBrowser: (url: string) => Promise<void>, configDir?: string) =>
  emulatorContext(fx, {
    openBrowser,
    ...(configDir ? { configDir } : {}),
    env: { AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
  })

describe('OAuth against the emulator, in-process', () => {
  it('logs in, uses the token, refreshes it, and logs out with revocation', async () => {
    const opened: string[] = []
    const t = ctxFor(browser('approve', opened))
    expect(await t.run(['login'])).toBe(0)
    expect(opened).toHaveLength(1)
    expect(t.stderr()).toContain(opened[0])
    const first = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(first?.accountId).toBe(fx.emu.accountId)

    t.clearOutput()
    expect(await t.run(['agents', 'list', '--json'])).toBe(0)
    expect((JSON.parse(t.stdout()) as unknown[]).length).toBeGreaterThan(0)

    expect(await t.run(['oauth', 'refresh'])).toBe(0)
    const second = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(second?.accessToken).not.toBe(first?.accessToken)
    expect(second?.refreshToken).not.toBe(first?.refreshToken)

    expect(await t.run(['logout'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${second?.accessToken}` },
    })
    expect(res.status).toBe(401)
    expect(t.stdout() + t.stderr()).not.toContain(String(second?.refreshToken))
  })

  it('exits 4 when the user denies, and stores no grant (only the client, for the next login)', async () => {
    const t = ctxFor(browser('deny'))
    expect(await t.run(['oauth', 'login'])).toBe(4)
    await expect(loadCredentials(t.configDir)).resolves.toMatchObject({ profiles: {} })
  })
})

const readJson = async (dir: string, name: string) => JSON.parse(await readFile(join(dir, name), 'utf8'))
const authorizeUrl = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/

/** `login --no-browser` in-process: waits for the printed address and answers it in the "browser" (approve or deny). */
async function noBrowserLogin(configDir: string, decision: 'approve' | 'deny') {
  const t = emulatorContext(fx, {
    configDir,
    env: { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
  })
  const done = t.run(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'])
  await pollUntil(() => authorizeUrl.test(t.stderr()), { what: 'the authorization URL' })
  const url = authorizeUrl.exec(t.stderr())![1]!
  const callbackStatus = await consentAndReturn(url, decision)
  return { exitCode: await done, stdout: t.stdout(), stderr: t.stderr(), url, callbackStatus }
}

describe('login --no-browser against the emulator, then the grant in use', () => {
  it('logs in through the consent page, then calls the API with the stored grant', async () => {
    const dir = tempDir('agentry-oauth-')
    const r = await noBrowserLogin(dir, 'approve')
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.callbackStatus).toBe(200)
    expect(r.stdout).toBe('')
    const u = new URL(r.url)
    expect(u.searchParams.get('code_challenge_method')).toBe('S256')
    expect(u.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const grant = (await readJson(dir, 'credentials.json')).profiles.default.oauth
    expect(grant).toMatchObject({ clientId: expect.any(String), tokenEndpoint: `${fx.emu.url}/oauth/token` })
    expect(r.stderr).not.toContain(grant.accessToken)
    expect(r.stderr).not.toContain(grant.refreshToken)
    // The profile now knows the server and the account (from the token response).
    expect((await readJson(dir, 'config.json')).profiles.default).toEqual({
      baseUrl: fx.emu.baseUrl,
      account: fx.emu.accountId,
    })

    const list = await runCommand(['--debug', 'agents', 'list', '--json'], { configDir: dir })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout).length).toBeGreaterThan(0)
    for (const secret of [grant.accessToken, grant.refreshToken])
      expect(list.stdout + list.stderr).not.toContain(secret)

    const who = await runCommand(['whoami', '--json'], { configDir: dir })
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'oauth', account: fx.emu.accountId, baseUrl: fx.emu.baseUrl })
    const token = await runCommand(['oauth', 'token'], { configDir: dir })
    expect(token).toEqual({ exitCode: 0, stdout: `${grant.accessToken}\n`, stderr: '' })

    // logout revokes at the server: the old access token stops working.
    const out = await runCommand(['logout'], { configDir: dir })
    expect(out.exitCode, out.stderr).toBe(0)
    expect(out.stderr).toMatch(/OAuth tokens \(revoked\)/)
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${grant.accessToken}` },
    })
    expect(res.status).toBe(401)
    expect((await runCommand(['whoami'], { configDir: dir })).exitCode).toBe(4)
  })

  it('exits 4 when the user denies access on the consent page, storing no grant', async () => {
    const dir = tempDir('agentry-oauth-')
    const r = await noBrowserLogin(dir, 'deny')
    expect(r.exitCode).toBe(4)
    expect(r.stderr).toMatch(/the login was denied in the browser/)
    expect((await readJson(dir, 'credentials.json')).profiles).toEqual({})
  })

  it('exits 124 when the browser never answers, and forgets the client as well as storing no grant', async () => {
    const dir = tempDir('agentry-oauth-')
    const late = await runCommand(['--base-url', fx.emu.baseUrl, 'login', '--no-browser', '--wait', '1'], {
      configDir: dir,
    })
    expect(late.exitCode).toBe(124)
    expect(late.stderr).toMatch(/no answer from the browser within 1 s/)
    // No grant; and the client is forgotten, in case the browser showed it as unknown to the server.
    expect(await readJson(dir, 'credentials.json')).toEqual({ profiles: {}, oauthClients: {} })
  })
})

describe('API key secrets against the emulator', () => {
  it('never prints the key: login from stdin, whoami --debug, agents list --debug', async () => {
    const dir = tempDir('agentry-key-')
    const key = fx.emu.demoApiKey
    const env = fx.server()
    const login = await runCommand(['login', '--with-api-key'], { configDir: dir, input: `${key}\n`, env })
    expect(login.exitCode, login.stderr).toBe(0)
    const who = await runCommand(['--debug', 'whoami', '--json'], { configDir: dir, env })
    expect(who.exitCode).toBe(0)
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'api-key', keyPrefix: `${key.slice(0, 7)}…` })
    const list = await runCommand(['--debug', 'agents', 'list'], { configDir: dir, env })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(list.stderr).toMatch(/authorization: Bearer \[REDACTED\]/)
    for (const r of [login, who, list]) expect(r.stdout + r.stderr).not.toContain(key)
  })

  it('refuses to store a key the server rejects (exit 4)', async () => {
    const dir = tempDir('agentry-key-')
    const r = await runCommand(['login', '--with-api-key'], {
      configDir: dir,
      input: 'agk_not_a_real_key_123456',
      env: fx.server(),
    })
    expect(r.exitCode).toBe(4)
    expect(r.stderr).not.toContain('agk_not_a_real_key_123456')
    await expect(readFile(join(dir, 'credentials.json'))).rejects.toThrow(/ENOENT/)
  })
})
