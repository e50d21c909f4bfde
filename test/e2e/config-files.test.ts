// The config files written by many processes at once: every write is kept and the JSON stays valid (the lock across
// processes), 6 writers waiting together on a lock left without an owner, two of them removing it together once it is
// old, then contending for the new one;
// and a writer killed while it holds the lock (the next writer, in-process, takes it over). Broken files and
// permissions are checked in-process: test/commands/config-files.test.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, runCli, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { pollUntil } from '../helpers/poll.js'
import { runCommand } from '../helpers/run-command.js'
import { meetingProbe } from '../helpers/meeting-probe.js'

beforeAll(() => assertBuilt())

describe('config set from many processes at once, behind a lock left without an owner (issue 33 item 4)', () => {
  it('6 parallel `config set` all wait on it; two find it old together; every write is kept and the JSON stays valid', {
    timeout: 120_000,
  }, async () => {
    const dir = tempConfigDir()
    // what an older agentry killed between its mkdir and its owner file left: fresh, empty. Before: the waiters that
    // found it stale together removed each other's new locks (not yet owned), and values were lost. That a fresh one
    // is never removed, and an old one is, is test/unit/config-store.test.ts'; here the processes find it stale
    // together. Each says (a mark of the probe: test/helpers/meeting-probe.ts) that it polls the lock, and once all do, the lock is made older than
    // its age (15 s) at once, instead of waiting 15 s of the real clock for it to get there. Until then it is dated a
    // minute ahead: on a loaded machine, starting them can take longer than its age.
    // The race is made, not hoped for: with 20 writers and nothing more, two found it old together in 2 runs of 4
    // (the first finder removes it within milliseconds of the others' 5-50 ms polls). So the first to find it old
    // (`stale-<pid>`) waits, bounded, until a second one has found it old too, before either removes it: each then
    // goes on to remove it, as the waiters of the bug did. Then they contend for the new lock: each writer that
    // found the lock held by another running writer says so (`held-<pid>`). Without the lock (withFileLock running
    // fn alone), or with the file read before it is taken, writes are lost.
    const lockDir = join(dir, 'config.json.lock')
    await mkdir(lockDir)
    const ahead = new Date(Date.now() + 60_000)
    await utimes(lockDir, ahead, ahead)
    const probe = meetingProbe(
      'agentry-lock-waiters-',
      `const lock = ${JSON.stringify(lockDir)}
let polled = false, foundOld = false
fs.statSync = function (p, ...rest) {
  const st = statSync.call(this, p, ...rest)
  if (String(p) !== lock) return st
  if (!polled) { polled = true; say(String(process.pid)) }
  if (!foundOld && st.mtimeMs < Date.now() - 15000) {
    foundOld = true; say('stale-' + process.pid)
    meetSync(() => said(/^stale-/) >= 2)
  }
  return st
}
sayWhenHeld(lock)`,
    )
    const n = 6
    const results = Promise.all(
      Array.from({ length: n }, (_, i) =>
        runCli(['--profile', `p${i}`, 'config', 'set', 'account', `acc${i}`], {
          configDir: dir,
          timeoutMs: 90_000,
          env: { NODE_OPTIONS: probe.nodeOptions },
        }),
      ),
    )
    const { said } = probe
    await pollUntil(async () => (await said(/^\d+$/)) === n, { timeoutMs: 60_000, what: `${n} waiters on the lock` })
    const old = new Date(Date.now() - 16_000)
    await utimes(lockDir, old, old)
    for (const r of await results) expect(r, r.stderr).toMatchObject({ exitCode: 0, stdout: '' })
    // the race was run: two (or more) removed the same old lock, and writers waited for each other's lock
    expect(await said(/^stale-\d+$/)).toBeGreaterThanOrEqual(2)
    expect(await said(/^held-\d+$/)).toBeGreaterThanOrEqual(1)
    const cfg = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { account?: string }>
    }
    expect(Object.keys(cfg.profiles)).toHaveLength(n)
    const saved = Array.from({ length: n }, (_, i) => cfg.profiles[`p${i}`]?.account === `acc${i}`).filter(Boolean)
    expect(saved).toHaveLength(n)
    await expect(stat(lockDir)).rejects.toThrow(/ENOENT/)
    // what the processes left is read in-process (the same command code)
    const got = await runCommand(['--profile', 'p5', 'config', 'get', 'account'], { configDir: dir })
    expect(got).toEqual({ exitCode: 0, stdout: 'acc5\n', stderr: '' })
  })
})

describe('a writer killed while it holds the lock (issue 22 item 29)', () => {
  it("the next write takes the dead writer's lock over at once and sweeps its temp file", {
    timeout: 60_000,
  }, async () => {
    // a token endpoint that never answers: the writer holds credentials.json's lock while it waits for a refresh
    let asked!: () => void
    const tokenAsked = new Promise<void>((r) => {
      asked = r
    })
    const server = createServer(() => asked())
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const dir = tempConfigDir()
      const grant = {
        accessToken: 'at_old_0123456789',
        refreshToken: 'rt_old_0123456789',
        expiresAt: Date.now() - 60_000,
        clientId: 'cl_1',
        issuer: origin,
        tokenEndpoint: `${origin}/oauth/token`,
        accountId: 'acc_1',
      }
      await writeFile(
        join(dir, 'credentials.json'),
        JSON.stringify({ profiles: { default: { oauth: grant, origin } } }),
        {
          mode: 0o600,
        },
      )
      const writer = spawnCli(['agents', 'list'], {
        configDir: dir,
        env: { AGENTRY_BASE_URL: `${origin}/api/v1beta`, AGENTRY_ACCOUNT: 'acc_1' },
      })
      await tokenAsked
      const lock = join(dir, 'credentials.json.lock')
      expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: writer.pid })
      writer.kill('SIGKILL')
      await writer
      // what a writer killed mid-write leaves; and a lock that looks fresh for a minute more, so only its dead
      // owner, not its age, can free it (before: 600 retries, then "could not lock")
      const stray = `.credentials.json.${writer.pid}.0123abcd.tmp`
      await writeFile(join(dir, stray), '{"profiles":', { mode: 0o600 })
      const ahead = new Date(Date.now() + 60_000)
      await utimes(lock, ahead, ahead)
      // the next writer runs in-process (the same lock code): the dead process is what it must see
      const next = await runCommand(['login', '--with-api-key', '--no-verify'], {
        configDir: dir,
        input: 'agk_next_0123456789abcdef\n',
      })
      expect(next, next.stderr).toMatchObject({ exitCode: 0 })
      const creds = JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8'))
      expect(creds.profiles.default).toMatchObject({ apiKey: 'agk_next_0123456789abcdef' })
      expect(await readdir(dir)).not.toContain(stray)
      await expect(stat(lock)).rejects.toThrow(/ENOENT/)
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
