// Logins that work anywhere, end to end: the built CLI against the emulator. `login --no-browser` with the address
// the browser ends on pasted on stdin (an SSH session: the redirect never reaches the loopback listener), `login
// --device` approved over HTTP, one registered client reused across logins, and `--with-api-key` keeping the base URL
// and account given with it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { binPath, cliEnv, runCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { consent, decideDevice } from '../helpers/oauth-browser.js'

const fx = emulatorFixture({ built: true })

/** The built CLI with a stdin pipe the test writes to, and its stderr collected as it comes. */
function spawnWithStdin(args: string[], configDir: string) {
  const proc = execa(process.execPath, [binPath, ...args], {
    env: cliEnv(configDir),
    extendEnv: false,
    reject: false,
    stdin: 'pipe',
    timeout: 30_000,
  })
  let stderr = ''
  const waiters: { re: RegExp; resolve: (m: RegExpExecArray) => void }[] = []
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    for (const w of [...waiters]) {
      const m = w.re.exec(stderr)
      if (m) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    }
  })
  /** Resolves when stderr matches `re` (rejects if the CLI ends first). */
  const waitFor = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const m = re.exec(stderr)
      if (m) return resolve(m)
      waiters.push({ re, resolve })
      proc.then(() => reject(new Error(`the CLI ended before printing ${re}: ${stderr}`)), reject)
    })
  return { proc, waitFor, stderr: () => stderr }
}

const readJson = async (dir: string, name: string) => JSON.parse(await readFile(join(dir, name), 'utf8'))
const authorizeUrl = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/

describe('login --no-browser with the response pasted on stdin', () => {
  it('refuses a pasted address of another login (state), then completes with the right one', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'], dir)
    const url = (await run.waitFor(authorizeUrl))[1]!
    await run.waitFor(/paste the address it ends on/)
    // The browser on "another machine": it is redirected to a loopback port there, which the test never calls.
    const back = await consent(url)
    expect(back.searchParams.get('state')).toBe(new URL(url).searchParams.get('state'))
    const forged = new URL(back)
    forged.searchParams.set('state', 'someone-elses-state')
    run.proc.stdin.write(`${forged}\n`)
    await run.waitFor(/another login \(its state does not match\)/)
    run.proc.stdin.write(`${back}\r\n`)
    const r = await run.proc
    expect(r.exitCode, run.stderr()).toBe(0)
    const grant = (await readJson(dir, 'credentials.json')).profiles.default.oauth
    expect(grant.accountId).toBe(fx.emu.accountId)
    // RFC 8707: the server's RFC 9728 metadata names the base URL, so the tokens are bound to it.
    expect(new URL(run.stderr().match(authorizeUrl)![1]!).searchParams.get('resource')).toBe(fx.emu.baseUrl)
    expect(fx.emu.state.oauthTokens.get(grant.accessToken)?.resource).toBe(fx.emu.baseUrl)
    expect(run.stderr()).not.toContain(grant.accessToken)
    expect(run.stderr()).not.toContain(back.searchParams.get('code'))
    const list = await runCli(['agents', 'list', '--json'], { configDir: dir })
    expect(list.exitCode, list.stderr).toBe(0)
  })

  it('ends as soon as the loopback redirect wins, though stdin stays open', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'], dir)
    const back = await consent((await run.waitFor(authorizeUrl))[1]!)
    const page = await fetch(back)
    expect(page.status).toBe(200)
    const started = Date.now()
    const r = await run.proc
    expect(r.exitCode, run.stderr()).toBe(0)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(run.proc.stdin.writableEnded).toBe(false)
  })

  it('accepts only the code, pasted alone', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'], dir)
    const back = await consent((await run.waitFor(authorizeUrl))[1]!)
    run.proc.stdin.write(`  ${back.searchParams.get('code')}  \n`)
    const r = await run.proc
    expect(r.exitCode, run.stderr()).toBe(0)
    expect((await readJson(dir, 'credentials.json')).profiles.default.oauth.accessToken).toMatch(/^agat_/)
  })
})

describe('login --device (RFC 8628)', () => {
  it('prints the verification URI and code, polls until approved over HTTP, and stores the grant', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--device'], dir)
    const m = await run.waitFor(/open (http:\/\/\S+) on any device and enter the code ([A-Z]{4}-[A-Z]{4})/)
    expect(m[1]).toBe(`${fx.emu.url}/oauth/device`)
    const approved = await decideDevice(m[1]!, m[2]!)
    expect(approved.status).toBe(200)
    const r = await run.proc
    expect(r.exitCode, run.stderr()).toBe(0)
    const creds = await readJson(dir, 'credentials.json')
    expect(creds.profiles.default.oauth).toMatchObject({ accountId: fx.emu.accountId, scope: 'agentry:api' })
    expect(fx.emu.state.oauthTokens.get(creds.profiles.default.oauth.accessToken)?.resource).toBe(fx.emu.baseUrl)
    expect(await readJson(dir, 'config.json')).toEqual({
      profiles: { default: { baseUrl: fx.emu.baseUrl, account: fx.emu.accountId } },
    })
    const who = await runCli(['whoami', '--json'], { configDir: dir })
    expect(JSON.parse(who.stdout)).toMatchObject({ kind: 'oauth', account: fx.emu.accountId })
  })

  it('exits 4 when the code is denied', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--device'], dir)
    const m = await run.waitFor(/open (http:\/\/\S+) on any device and enter the code ([A-Z]{4}-[A-Z]{4})/)
    await decideDevice(m[1]!, m[2]!, 'deny')
    const r = await run.proc
    expect(r.exitCode).toBe(4)
    expect(run.stderr()).toMatch(/denied on the verification page/)
    expect((await readJson(dir, 'credentials.json')).profiles).toEqual({})
  })
})

describe('one client per base URL, and what a login replaces', () => {
  it('registers once and reuses the client; each login says what it replaces (an API key, an earlier OAuth login)', async () => {
    const dir = tempConfigDir()
    const key = fx.emu.demoApiKey
    const stored = await runCli(['--base-url', fx.emu.baseUrl, 'login', '--with-api-key'], {
      configDir: dir,
      input: key,
    })
    expect(stored.exitCode, stored.stderr).toBe(0)
    const before = fx.emu.state.oauthClients.size
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const run = spawnWithStdin(['login', '--device'], dir)
      const m = await run.waitFor(/open (http:\/\/\S+) on any device and enter the code ([A-Z]{4}-[A-Z]{4})/)
      await decideDevice(m[1]!, m[2]!)
      expect((await run.proc).exitCode, run.stderr()).toBe(0)
      if (i === 0) expect(run.stderr()).toContain(`the OAuth login replaces the API key ${key.slice(0, 7)}…`)
      else expect(run.stderr()).toContain(`replaces the earlier OAuth login (account ${fx.emu.accountId})`)
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
    const run = spawnWithStdin(['login', '--no-browser'], dir)
    const back = await consent((await run.waitFor(authorizeUrl))[1]!)
    expect(new URL((await run.waitFor(authorizeUrl))[1]!).searchParams.get('client_id')).toBe(ids[0])
    run.proc.stdin.write(`${back}\n`)
    expect((await run.proc).exitCode, run.stderr()).toBe(0)
    expect(fx.emu.state.oauthClients.size - before).toBe(1)
  })
})

describe('login --with-api-key', () => {
  it('keeps the --base-url and --account given with it, so later runs need neither', async () => {
    const dir = tempConfigDir()
    const key = fx.emu.demoApiKey
    const args = ['--base-url', fx.emu.baseUrl, '--account', fx.emu.accountId, 'login', '--with-api-key']
    const r = await runCli(args, { configDir: dir, input: `${key}\n` })
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.stderr).toContain(`base URL ${fx.emu.baseUrl}, account ${fx.emu.accountId}`)
    expect(await readJson(dir, 'config.json')).toEqual({
      profiles: { default: { baseUrl: fx.emu.baseUrl, account: fx.emu.accountId } },
    })
    const list = await runCli(['agents', 'list', '--json'], { configDir: dir })
    expect(list.exitCode, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout).length).toBeGreaterThan(0)
    expect(list.stdout + list.stderr + r.stderr).not.toContain(key)
  })
})
