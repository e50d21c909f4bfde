// OAuth as processes: the built CLI against the emulator's authorization server, for what only a process shows:
// Ctrl-C (a real SIGINT) while the login waits for the browser, and parallel processes sharing one grant (one refresh
// under the file lock: the first to take the lock holds it until the second has found it held, and says so). The
// grant they share comes from a login run in-process (test/helpers/oauth-login.ts). The login itself, its denial and
// time-out, and the API key's secrecy are checked in-process against the same emulator
// (test/commands/auth-emulator.test.ts).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { meetingProbe } from '../helpers/meeting-probe.js'
import { oauthLogin, setGrantExpiry } from '../helpers/oauth-login.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ built: true })

const counters = async () =>
  (await (await hook(fx.emu, 'GET', 'counters')).json()) as Record<string, number | undefined>

describe('agentry login (OAuth, built CLI, emulator)', () => {
  it('exits 130 on Ctrl-C (SIGINT) while waiting for the browser', async () => {
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
    // no grant was stored
    expect(JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8')).profiles).toEqual({})
  })

  it('2 parallel runs with an almost expired token both succeed with exactly one refresh, the second waiting for it', {
    timeout: 120_000,
  }, async () => {
    const dir = tempConfigDir()
    expect(await oauthLogin(fx.emu, dir)).toBe(0)
    // Still valid at the server, but inside the refresh skew: every run wants to refresh it.
    const grant = await setGrantExpiry(dir, Date.now() + 20_000)
    const before = (await counters())['oauth.refresh'] ?? 0
    // The race is made, not hoped for: with the token endpoint answering a second late, 4 processes met in 5 runs of
    // 5, but on a loaded machine the second of 2 could start after the first's refresh was done. So the run that
    // takes the credentials' lock first holds it (before it reads the grant under it: as soon as its link to the
    // lock is made), bounded, until another run has found it held; each run says so (a file `held-<pid>`) when it finds the lock held by another, and the
    // test checks one did (the second run started 3 s after the first: still found it held). Without the lock
    // (withFileLock running fn alone) none is ever held, and two runs that meet refresh together (the rotated token's
    // family revoked: invalid_grant, 3 runs of 3 with 2 processes and the token endpoint a second late)
    const file = join(dir, 'credentials.json')
    const probe = meetingProbe(
      'agentry-refresh-waiters-',
      `const lock = ${JSON.stringify(`${file}.lock`)}, me = 'held-' + process.pid
sayWhenHeld(lock)
const link = fsp.link
fsp.link = async function (from, to, ...rest) {
  await link.call(this, from, to, ...rest)
  if (String(to) === lock && !existsSync(marks + '/' + me))
    await meet(() => readdirSync(marks).some((f) => /^held-\\d+$/.test(f) && f !== me))
}`,
    )
    const env = { NODE_OPTIONS: probe.nodeOptions }
    const runs = await Promise.all(
      Array.from({ length: 2 }, () => runCli(['agents', 'list', '--json'], { configDir: dir, timeoutMs: 90_000, env })),
    )
    expect(await probe.said(/^held-\d+$/)).toBeGreaterThanOrEqual(1)
    for (const r of runs) expect(r.exitCode, r.stderr).toBe(0)
    expect(((await counters())['oauth.refresh'] ?? 0) - before).toBe(1)
    const after = JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8')).profiles.default.oauth
    expect(after.accessToken).not.toBe(grant.accessToken)
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 600_000)
    // The rotated refresh token is still good: nobody reused an old one (which would revoke the family). What the
    // processes left is read in-process (the same command code, no process needed).
    const refreshed = await runCommand(['oauth', 'refresh', '--json'], { configDir: dir })
    expect(refreshed.exitCode, refreshed.stderr).toBe(0)
    expect(((await counters())['oauth.refresh'] ?? 0) - before).toBe(2)
  })
})
