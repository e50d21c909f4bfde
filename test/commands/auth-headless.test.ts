// Logins that work anywhere, in-process against the file's emulator (its real authorization server, consent and device
// pages; moved from test/e2e, which keeps what only a process shows: the bin ending while its stdin stays open).
// `login --no-browser` with the address the browser ends on pasted on stdin (an SSH session: the redirect never
// reaches the loopback listener), `login --device` approved over HTTP, one registered client reused across logins,
// and `--with-api-key` keeping the base URL and account given with it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { consent, decideDevice } from '../helpers/oauth-browser.js'
import { pollUntil } from '../helpers/poll.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'

// a device login is told to poll every 50 ms (the emulator's own default is 1 s): the flow is the same, each wait shorter
const fx = emulatorFixture({ emulator: { ...quietEmulator, devicePollSeconds: 0.05 } })
/** A user's environment before any login: no base URL, account or key. */
const bare = { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined }

/** A command line running in-process with a stdin the test writes to (it stays open, as a terminal's does). */
function start(args: string[], configDir = tempDir('agentry-login-')) {
  const stdin = new PassThrough()
  const t = emulatorContext(fx, { env: bare, stdin, configDir })
  const done = t.run(args)
  /** Resolves with the match once stderr matches `re`. */
  const waitFor = async (re: RegExp) => {
    await pollUntil(() => re.test(t.stderr()), { what: `${re} on stderr` })
    return re.exec(t.stderr())!
  }
  return { done, stdin, waitFor, stderr: () => t.stderr(), configDir }
}

const readJson = async (dir: string, name: string) => JSON.parse(await readFile(join(dir, name), 'utf8'))
const authorizeUrl = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/
const deviceAsk = /open (http:\/\/\S+) on any device and enter the code ([A-Z]{4}-[A-Z]{4})/

describe('login --no-browser with the response pasted on stdin', () => {
  it('refuses a pasted address of another login (state), then completes with the right one', async () => {
    const run = start(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'])
    const url = (await run.waitFor(authorizeUrl))[1]!
    await run.waitFor(/paste the address it ends on/)
    // The browser on "another machine": it is redirected to a loopback port there, which the test never calls.
    const back = await consent(url)
    expect(back.searchParams.get('state')).toBe(new URL(url).searchParams.get('state'))
    const forged = new URL(back)
    forged.searchParams.set('state', 'someone-elses-state')
    run.stdin.write(`${forged}\n`)
    await run.waitFor(/another login \(its state does not match\)/)
    run.stdin.write(`${back}\r\n`)
    expect(await run.done, run.stderr()).toBe(0)
    const grant = (await readJson(run.configDir, 'credentials.json')).profiles.default.oauth
    expect(grant.accountId).toBe(fx.emu.accountId)
    // RFC 8707: the server's RFC 9728 metadata names the base URL, so the tokens are bound to it.
    expect(new URL(url).searchParams.get('resource')).toBe(fx.emu.baseUrl)
    expect(fx.emu.state.oauthTokens.get(grant.accessToken)?.resource).toBe(fx.emu.baseUrl)
    expect(run.stderr()).not.toContain(grant.accessToken)
    expect(run.stderr()).not.toContain(back.searchParams.get('code'))
    const list = await runCommand(['agents', 'list', '--json'], { configDir: run.configDir })
    expect(list.exitCode, list.stderr).toBe(0)
  })

  it('accepts only the code, pasted alone', async () => {
    const run = start(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'])
    const back = await consent((await run.waitFor(authorizeUrl))[1]!)
    run.stdin.write(`  ${back.searchParams.get('code')}  \n`)
    expect(await run.done, run.stderr()).toBe(0)
    expect((await readJson(run.configDir, 'credentials.json')).profiles.default.oauth.accessToken).toMatch(/^agat_/)
  })
})

describe('login --device (RFC 8628)', () => {
  it('prints the verification URI and code, polls until approved over HTTP, and stores the grant', async () => {
    const run = start(['--base-url', fx.emu.baseUrl, 'login', '--device'])
    const m = await run.waitFor(deviceAsk)
    expect(m[1]).toBe(`${fx.emu.url}/oauth/device`)
    expect((await decideDevice(m[1]!, m[2]!)).status).toBe(200)
    expect(await run.done, run.stderr()).toBe(0)
    const creds = await readJson(run.configDir, 'credentials.json')
    expect(creds.profiles.default.oauth).toMatchObject({ accountId: fx.emu.accountId, scope: 'agentry:api' })
    expect(fx.emu.state.oauthTokens.get(creds.profiles.default.oauth.accessToken)?.resource).toBe(fx.emu.baseUrl)
    expect(await readJson(run.configDir, 'config.json')).toEqual({
      profiles: { default: { baseUrl: fx.emu.baseUrl, account: fx.emu.accountId } },
    })
    const who = await runCommand(['whoami', '--json'], { configDir: run.configDir })
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'oauth', account: fx.emu.accountId })
  })

  it('exits 4 when the code is denied', async () => {
    const run = start(['--base-url', fx.emu.baseUrl, 'login', '--device'])
    const m = await run.waitFor(deviceAsk)
    await decideDevice(m[1]!, m[2]!, 'deny')
    expect(await run.done).toBe(4)
    expect(run.stderr()).toMatch(/denied on the verification page/)
    expect((await readJson(run.configDir, 'credentials.json')).profiles).toEqual({})
  })
})

describe('one client per base URL, and what a login replaces', () => {
  it('registers once and reuses the client; each login says what it replaces (an API key, an earlier OAuth login)', async () => {
    const dir = tempDir('agentry-login-')
    const key = fx.emu.demoApiKey
    const stored = await runCommand(['--base-url', fx.emu.baseUrl, 'login', '--with-api-key'], {
      configDir: dir,
      input: key,
    })
    expect(stored.exitCode, stored.stderr).toBe(0)
    const before = fx.emu.state.oauthClients.size
    const ids: string[] = []
    for (const replaced of [
      `the OAuth login replaces the API key ${key.slice(0, 7)}…`,
      `replaces the earlier OAuth login (account ${fx.emu.accountId})`,
    ]) {
      const run = start(['login', '--device'], dir)
      const m = await run.waitFor(deviceAsk)
      await decideDevice(m[1]!, m[2]!)
      expect(await run.done, run.stderr()).toBe(0)
      expect(run.stderr()).toContain(replaced)
      expect(run.stderr()).not.toContain(key)
      ids.push((await readJson(dir, 'credentials.json')).profiles.default.oauth.clientId)
    }
    expect(fx.emu.state.oauthClients.size - before).toBe(1)
    expect(ids[0]).toBe(ids[1])
    const creds = await readJson(dir, 'credentials.json')
    expect(creds.oauthClients).toEqual({
      [fx.emu.baseUrl]: expect.objectContaining({ clientId: ids[0], issuer: fx.emu.url }),
    })
    // The browser flow reuses the same client as well.
    const run = start(['login', '--no-browser'], dir)
    const url = (await run.waitFor(authorizeUrl))[1]!
    expect(new URL(url).searchParams.get('client_id')).toBe(ids[0])
    run.stdin.write(`${await consent(url)}\n`)
    expect(await run.done, run.stderr()).toBe(0)
    expect(fx.emu.state.oauthClients.size - before).toBe(1)
  })
})

describe('login --with-api-key', () => {
  it('keeps the --base-url and --account given with it, so later runs need neither', async () => {
    const dir = tempDir('agentry-login-')
    const key = fx.emu.demoApiKey
    const args = ['--base-url', fx.emu.baseUrl, '--account', fx.emu.accountId, 'login', '--with-api-key']
    const r = await runCommand(args, { configDir: dir, input: `${key}\n` })
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.stderr).toContain(`base URL ${fx.emu.baseUrl}, account ${fx.emu.accountId}`)
    expect(await readJson(dir, 'config.json')).toEqual({
      profiles: { default: { baseUrl: fx.emu.baseUrl, account: fx.emu.accountId } },
    })
    const list = await runCommand(['agents', 'list', '--json'], { configDir: dir })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout).length).toBeGreaterThan(0)
    expect(list.stdout + list.stderr + r.stderr).not.toContain(key)
  })
})
