// OAuth end to end: the built CLI against the emulator's authorization server. The test plays the browser with an
// HTTP client (--no-browser prints the URL): GET the consent page, POST "approve", follow the redirect to the CLI's
// loopback listener. No test seam in the CLI.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { browserLogin } from '../helpers/oauth-login.js'

const fx = emulatorFixture({ built: true })

/** Runs `login --no-browser` against the file's emulator and answers in the "browser". */
const login = (configDir: string, decision: 'approve' | 'deny' = 'approve', extra: string[] = []) =>
  browserLogin(fx.emu, configDir, decision, extra)

const counters = async () =>
  (await (await hook(fx.emu, 'GET', 'counters')).json()) as Record<string, number | undefined>

describe('agentry login (OAuth, built CLI, emulator)', () => {
  it('logs in through the consent page, then calls the API with the stored grant', async () => {
    const dir = tempConfigDir()
    const r = await login(dir)
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.callbackStatus).toBe(200)
    expect(r.stdout).toBe('')
    const u = new URL(r.url)
    expect(u.searchParams.get('code_challenge_method')).toBe('S256')
    expect(u.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const creds = JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8'))
    const grant = creds.profiles.default.oauth
    expect(grant).toMatchObject({ clientId: expect.any(String), tokenEndpoint: `${fx.emu.url}/oauth/token` })
    expect(r.stderr).not.toContain(grant.accessToken)
    expect(r.stderr).not.toContain(grant.refreshToken)
    // The profile now knows the server and the account (from the token response).
    const cfg = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'))
    expect(cfg.profiles.default).toEqual({ baseUrl: fx.emu.baseUrl, account: fx.emu.accountId })

    const list = await runCli(['--debug', 'agents', 'list', '--json'], { configDir: dir })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout).length).toBeGreaterThan(0)
    for (const secret of [grant.accessToken, grant.refreshToken])
      expect(list.stdout + list.stderr).not.toContain(secret)

    const who = await runCli(['whoami', '--json'], { configDir: dir })
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'oauth', account: fx.emu.accountId, baseUrl: fx.emu.baseUrl })
    const token = await runCli(['oauth', 'token'], { configDir: dir })
    expect(token).toEqual({ exitCode: 0, stdout: `${grant.accessToken}\n`, stderr: '' })

    // logout revokes at the server: the old access token stops working.
    const out = await runCli(['logout'], { configDir: dir })
    expect(out.exitCode, out.stderr).toBe(0)
    expect(out.stderr).toMatch(/OAuth tokens \(revoked\)/)
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${grant.accessToken}` },
    })
    expect(res.status).toBe(401)
    expect((await runCli(['whoami'], { configDir: dir })).exitCode).toBe(4)
  })

  it('exits 4 when the user denies access, storing no grant', async () => {
    const dir = tempConfigDir()
    const r = await login(dir, 'deny')
    expect(r.exitCode).toBe(4)
    expect(r.stderr).toMatch(/the login was denied in the browser/)
    expect(JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8')).profiles).toEqual({})
  })

  it('exits 130 on Ctrl-C while waiting for the browser, and 124 when the browser never answers', async () => {
    const dir = tempConfigDir()
    const proc = spawnCli(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'], { configDir: dir })
    await new Promise<void>((resolve, reject) => {
      let seen = ''
      proc.stderr.on('data', (c: Buffer) => {
        seen += c.toString()
        if (seen.includes('Waiting for the browser')) resolve()
      })
      proc.then((r) => reject(new Error(`login ended before waiting: ${r.stderr}`)), reject)
    })
    proc.kill('SIGINT')
    expect((await proc).exitCode).toBe(130)
    const late = await runCli(['--base-url', fx.emu.baseUrl, 'login', '--no-browser', '--wait', '1'], {
      configDir: dir,
    })
    expect(late.exitCode).toBe(124)
    expect(late.stderr).toMatch(/no answer from the browser within 1 s/)
    // No grant; and the client is forgotten, in case the browser showed it as unknown to the server.
    expect(JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8'))).toEqual({
      profiles: {},
      oauthClients: {},
    })
  })

  it('8 parallel runs with an almost expired token all succeed with exactly one refresh', {
    timeout: 120_000,
  }, async () => {
    const dir = tempConfigDir()
    expect((await login(dir)).exitCode).toBe(0)
    const file = join(dir, 'credentials.json')
    const creds = JSON.parse(await readFile(file, 'utf8'))
    // Still valid at the server, but inside the refresh skew: every run wants to refresh it.
    creds.profiles.default.oauth.expiresAt = Date.now() + 20_000
    await writeFile(file, JSON.stringify(creds), { mode: 0o600 })
    const before = (await counters())['oauth.refresh'] ?? 0
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => runCli(['agents', 'list', '--json'], { configDir: dir, timeoutMs: 90_000 })),
    )
    for (const r of runs) expect(r.exitCode, r.stderr).toBe(0)
    expect(((await counters())['oauth.refresh'] ?? 0) - before).toBe(1)
    const after = JSON.parse(await readFile(file, 'utf8')).profiles.default.oauth
    expect(after.accessToken).not.toBe(creds.profiles.default.oauth.accessToken)
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 600_000)
    // The rotated refresh token is still good: nobody reused an old one (which would revoke the family).
    const refreshed = await runCli(['oauth', 'refresh', '--json'], { configDir: dir })
    expect(refreshed.exitCode, refreshed.stderr).toBe(0)
    expect(((await counters())['oauth.refresh'] ?? 0) - before).toBe(2)
  })
})

describe('API key secrets (built CLI, emulator)', () => {
  it('never prints the key: login from stdin, whoami --debug, agents list --debug', async () => {
    const dir = tempConfigDir()
    const key = fx.emu.demoApiKey
    const env = fx.server()
    const login = await runCli(['login', '--with-api-key'], { configDir: dir, input: `${key}\n`, env })
    expect(login.exitCode, login.stderr).toBe(0)
    const who = await runCli(['--debug', 'whoami', '--json'], { configDir: dir, env })
    expect(who.exitCode).toBe(0)
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'api-key', keyPrefix: `${key.slice(0, 7)}…` })
    const list = await runCli(['--debug', 'agents', 'list'], { configDir: dir, env })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(list.stderr).toMatch(/authorization: Bearer \[REDACTED\]/)
    for (const r of [login, who, list]) expect(r.stdout + r.stderr).not.toContain(key)
  })

  it('refuses to store a key the server rejects (exit 4)', async () => {
    const dir = tempConfigDir()
    const env = fx.server()
    const r = await runCli(['login', '--with-api-key'], { configDir: dir, input: 'agk_not_a_real_key_123456', env })
    expect(r.exitCode).toBe(4)
    expect(r.stderr).not.toContain('agk_not_a_real_key_123456')
    await expect(readFile(join(dir, 'credentials.json'))).rejects.toThrow(/ENOENT/)
  })
})
