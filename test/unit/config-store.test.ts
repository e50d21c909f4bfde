import { spawnSync } from 'node:child_process'
import { appendFile, chmod, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { withFileLock } from '../../src/config/file-lock.js'
import { assertPrivate, parseJsonFile } from '../../src/config/read-file.js'
import { jsonPathOffset, jsonSyntaxError, lineColumn } from '../../src/config/json-locate.js'
import { configFile, credentialsFile } from '../../src/config/paths.js'
import { bootId, ownedLockFs, ownerGone } from '../../src/config/lock-owner.js'
import { loadConfig, loadCredentials, updateConfig, updateCredentials } from '../../src/config/store.js'
import { CliError } from '../../src/errors.js'
import { tempDir } from '../helpers/temp-dir.js'

let dir: string
beforeEach(async () => {
  dir = tempDir('agentry-store-')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const errorOf = async (p: Promise<unknown>): Promise<CliError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(CliError)
  return err as CliError
}

describe('locked updates', () => {
  // 12 writers at once contend as 40 did (without the lock the counter ends at 1: checked 3 times), and their retries
  // cost ~0.2 s of CPU instead of ~0.9 s
  it('serializes updates under the lock: 12 concurrent increments all land', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        updateConfig(dir, (c) => {
          const loose = c as Record<string, unknown>
          loose.counter = ((loose.counter as number | undefined) ?? 0) + 1
          c.profiles[`p${i}`] = { account: `acc${i}` }
        }),
      ),
    )
    const cfg = await loadConfig(dir)
    expect((cfg as Record<string, unknown>).counter).toBe(12)
    for (let i = 0; i < 12; i++) expect(cfg.profiles[`p${i}`]?.account).toBe(`acc${i}`)
  })

  it('runs one lock holder at a time', async () => {
    const file = join(dir, 'f.json')
    const log = join(dir, 'holders.log')
    let inside = 0
    let most = 0
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withFileLock(file, async () => {
          most = Math.max(most, ++inside)
          // a holder's work is file I/O, as an update's is: the others get every chance to come in meanwhile
          await appendFile(log, `in ${i}\n`)
          await appendFile(log, `out ${i}\n`)
          inside--
        }),
      ),
    )
    expect(most).toBe(1)
    const lines = (await readFile(log, 'utf8')).trim().split('\n')
    // each holder's in and out are next to each other: no other holder wrote in between
    for (let k = 0; k < lines.length; k += 2) expect(lines[k + 1]).toBe(lines[k]!.replace('in', 'out'))
  })

  /** The pid of a process that has ended (on this machine and boot). */
  const deadPid = () => spawnSync('true').pid
  /** A lock directory as a holder leaves it, with its owner, and an mtime a minute ahead: fresh by proper-lockfile's clock. */
  async function leftLock(file: string, owner: { pid: number; boot?: string; host?: string }): Promise<string> {
    const lockDir = `${file}.lock`
    await mkdir(lockDir, { recursive: true })
    await writeFile(join(lockDir, 'owner'), JSON.stringify({ boot: bootId(), host: hostname(), ...owner }))
    const ahead = new Date(Date.now() + 60_000)
    await utimes(lockDir, ahead, ahead)
    return lockDir
  }

  it('takes over at once a lock whose owner is gone, however fresh it looks (issue 22 item 29)', async () => {
    const file = join(dir, 'config.json')
    await leftLock(file, { pid: deadPid() })
    // before: 600 retries on a lock that looks fresh, then "could not lock" (the test's 5 s run out first)
    await updateConfig(dir, (c) => {
      c.profiles.a = { account: 'taken-over' }
    })
    expect((await loadConfig(dir)).profiles.a?.account).toBe('taken-over')
    await expect(stat(`${file}.lock`)).rejects.toThrow(/ENOENT/)
  })

  it("tells a gone owner from a live one: a dead pid or another boot is gone; a live pid or another host's is not", async () => {
    const file = join(dir, 'f.json')
    expect(ownerGone(await leftLock(file, { pid: deadPid() }))).toBe(true)
    expect(ownerGone(await leftLock(file, { pid: process.ppid, boot: 'another-boot' }))).toBe(true)
    expect(ownerGone(await leftLock(file, { pid: process.ppid }))).toBe(false)
    expect(ownerGone(await leftLock(file, { pid: deadPid(), host: 'another-host' }))).toBe(false)
  })

  /** proper-lockfile's removal of a lock it found stale, through the lock's fs (as a waiter of its own). */
  const removeAsWaiter = (lockPath: string) =>
    new Promise<string | undefined>((resolve) =>
      ownedLockFs(lockPath, 15_000).rmdir(lockPath, (err) => resolve((err as NodeJS.ErrnoException | null)?.code)),
    )
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    )

  // issue 33 item 4: a waiter removed any lock without an owner, and any lock whose mtime was old, owner or not
  it.each([
    ['without an owner yet, fresh (a writer killed between mkdir and its owner file)', {}],
    ['whose owner runs (this host), an hour without an update', { pid: process.ppid, mtimeAgo: 3_600_000 }],
    ['whose owner is this process (another lock call of it)', { pid: process.pid, mtimeAgo: 3_600_000 }],
  ])('never removes a lock %s', async (_, { pid, mtimeAgo }: { pid?: number; mtimeAgo?: number }) => {
    const lockDir = join(dir, 'config.json.lock')
    await mkdir(lockDir)
    if (pid !== undefined)
      await writeFile(join(lockDir, 'owner'), JSON.stringify({ pid, boot: bootId(), host: hostname() }))
    if (mtimeAgo !== undefined) await utimes(lockDir, new Date(Date.now() - mtimeAgo), new Date(Date.now() - mtimeAgo))
    expect(await removeAsWaiter(lockDir)).toBe('ELOCKED')
    expect(await exists(lockDir)).toBe(true)
  })

  it('removes a lock without an owner once it is older than the generous age (15 s), and takes it', async () => {
    const lockDir = join(configFile(dir) + '.lock')
    await mkdir(lockDir)
    const old = new Date(Date.now() - 16_000)
    await utimes(lockDir, old, old)
    await updateConfig(dir, (c) => {
      c.profiles.a = { account: 'after-the-ownerless-lock' }
    })
    expect((await loadConfig(dir)).profiles.a?.account).toBe('after-the-ownerless-lock')
    expect(await exists(lockDir)).toBe(false)
  })

  it('takes the lock with its owner in it: the lock never exists without one', async () => {
    const file = join(dir, 'f.json')
    const lockPath = `${file}.lock`
    // the lock appears by a link of a file already written: its first visible state names its owner
    const seen = await withFileLock(file, async () => JSON.parse(await readFile(lockPath, 'utf8')))
    expect(seen).toEqual({ pid: process.pid, boot: bootId(), host: hostname() })
    expect(await exists(lockPath)).toBe(false)
  })

  it('two waiters that found the same dead lock: the second does not remove the lock the first one took', async () => {
    const file = join(dir, 'config.json')
    const lockPath = `${file}.lock`
    await leftLock(file, { pid: deadPid() })
    const first = ownedLockFs(lockPath, 15_000)
    await new Promise<void>((resolve, reject) => first.rmdir(lockPath, (err) => (err ? reject(err) : resolve())))
    await new Promise<void>((resolve, reject) => first.mkdir(lockPath, (err) => (err ? reject(err) : resolve())))
    // the second waiter judged the dead lock stale before the first one replaced it
    expect(await removeAsWaiter(lockPath)).toBe('ELOCKED')
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid })
    first.rmdirSync(lockPath)
    expect(await exists(lockPath)).toBe(false)
  })

  it('credentials.json shares the lock: 8 concurrent updates behind an old ownerless lock all land', async () => {
    const lockDir = `${credentialsFile(dir)}.lock`
    await mkdir(lockDir)
    const old = new Date(Date.now() - 16_000)
    await utimes(lockDir, old, old)
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        updateCredentials(dir, (c) => {
          c.profiles[`p${i}`] = { apiKey: `agk_key_${i}_0123456789` }
        }),
      ),
    )
    const creds = await loadCredentials(dir)
    expect(Object.keys(creds.profiles)).toHaveLength(8)
    expect(await exists(lockDir)).toBe(false)
  })

  it('sweeps the temp files of writers that were killed, not those of a live one', async () => {
    const dead = `.config.json.${deadPid()}.0123abcd.tmp`
    const live = `.config.json.${process.ppid}.89abcdef.tmp`
    await writeFile(join(dir, dead), '{"half')
    await writeFile(join(dir, live), '{"half')
    await updateConfig(dir, (c) => {
      c.profiles.a = { account: 'x' }
    })
    const left = await readdir(dir)
    expect(left).not.toContain(dead)
    expect(left).toContain(live)
  })

  it('does not rewrite a file when nothing changed', async () => {
    await updateConfig(dir, (c) => {
      c.profiles.a = { account: 'x' }
    })
    const before = (await stat(configFile(dir))).mtimeMs
    const ino = (await stat(configFile(dir))).ino
    // a rewrite is an atomic rename: a new inode, whatever the clock's resolution
    await updateConfig(dir, () => undefined)
    expect((await stat(configFile(dir))).ino).toBe(ino)
    expect((await stat(configFile(dir))).mtimeMs).toBe(before)
  })

  it('writes credentials.json with mode 0600', async () => {
    await updateCredentials(dir, (c) => {
      c.profiles.default = { apiKey: 'agk_secret_value_1234' }
    })
    expect((await stat(credentialsFile(dir))).mode & 0o777).toBe(0o600)
    expect((await loadCredentials(dir)).profiles.default?.apiKey).toBe('agk_secret_value_1234')
  })
})

describe('broken files', () => {
  it('reports a syntax error with the path, line and column, and never overwrites the file', async () => {
    const text = '{\n  "profiles": {\n    "default": { "account": "a" },\n  }\n}\n'
    await writeFile(configFile(dir), text)
    const err = await errorOf(
      updateConfig(dir, (c) => {
        c.profiles.x = {}
      }),
    )
    expect(err.message).toContain(`${configFile(dir)}:4:3`)
    expect(err.message).toContain('line 4, column 3')
    expect(err.exitCode).toBe(1)
    expect(err.hint).toMatch(/never overwrites/)
    expect(await readFile(configFile(dir), 'utf8')).toBe(text)
  })

  it('reports a value the schema rejects at its own line', async () => {
    const text = '{\n  "profiles": {\n    "ci": {\n      "account": "a",\n      "timeout": "soon"\n    }\n  }\n}\n'
    await writeFile(configFile(dir), text)
    const err = await errorOf(loadConfig(dir))
    expect(err.message).toContain(`${configFile(dir)}:5:18`)
    expect(err.message).toContain('profiles.ci.timeout')
  })

  it('never quotes the content of a broken credentials file (it holds secrets)', async () => {
    const secret = 'agk_live_supersecret_999'
    await writeFile(credentialsFile(dir), `{"profiles":{"default":{"apiKey": ${secret}}}}`, { mode: 0o600 })
    const err = await errorOf(loadCredentials(dir))
    expect(err.message).toContain(':1:35')
    expect(err.message).not.toContain('supersecret')
    const err2 = await errorOf(
      writeFile(credentialsFile(dir), `{"profiles":{"default":{"apiKey": 12345678}}}`).then(() => loadCredentials(dir)),
    )
    expect(err2.message).not.toContain('12345678')
  })

  it('treats an empty file as empty config and strips a BOM', async () => {
    await writeFile(configFile(dir), '')
    expect((await loadConfig(dir)).profiles).toEqual({})
    await writeFile(configFile(dir), '\uFEFF{"profiles":{"a":{"account":"x"}}}')
    expect((await loadConfig(dir)).profiles.a?.account).toBe('x')
  })
})

describe('permissions', () => {
  it.skipIf(process.platform === 'win32')(
    'refuses a group- or world-readable credentials file with a fix',
    async () => {
      await writeFile(credentialsFile(dir), '{"profiles":{}}', { mode: 0o644 })
      await chmod(credentialsFile(dir), 0o644)
      const err = await errorOf(loadCredentials(dir))
      expect(err.exitCode).toBe(4)
      expect(err.hint).toBe(`run: chmod 600 ${credentialsFile(dir)}`)
      await chmod(credentialsFile(dir), 0o640)
      await expect(assertPrivate(credentialsFile(dir))).rejects.toThrow(/mode 640/)
      await chmod(credentialsFile(dir), 0o600)
      await expect(loadCredentials(dir)).resolves.toEqual({ profiles: {} })
    },
  )
})

describe('json-locate', () => {
  it('finds the offset of a member', () => {
    const text = '{"a": [1, {"b": true}], "c": {"d": "x"}}'
    expect(text.slice(jsonPathOffset(text, ['c', 'd']))).toMatch(/^"x"/)
    expect(text.slice(jsonPathOffset(text, ['a', 1, 'b']))).toMatch(/^true/)
    // a member that is missing: the deepest one that exists
    expect(text.slice(jsonPathOffset(text, ['c', 'zz']))).toMatch(/^\{"d"/)
  })

  it('finds every member of any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify({ root: value }, null, pretty ? 2 : 0)
        const paths: PropertyKey[][] = []
        const walk = (v: unknown, path: PropertyKey[]) => {
          paths.push(path)
          if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i])
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
        }
        walk({ root: value }, [])
        for (const path of paths.slice(0, 50)) {
          const at = path.reduce<unknown>((o, k) => (o as Record<PropertyKey, unknown>)[k], { root: value })
          const offset = jsonPathOffset(text, path)
          const rest = text.slice(offset)
          expect(rest.startsWith(JSON.stringify(at, null, pretty ? 2 : 0).split('\n')[0]!)).toBe(true)
        }
      }),
    )
  })

  it('agrees with JSON.parse on what is valid (property)', () => {
    const mutated = fc
      .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('', '}', ',', '"', 'x', ':', ']', '\n', '\\'))
      .map(([v, at, ch]) => {
        const t = JSON.stringify(v)
        const i = at % (t.length + 1)
        return t.slice(0, i) + ch + t.slice(i + (ch ? 0 : 1))
      })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
          mutated,
        ),
        (text) => {
          let valid = true
          try {
            JSON.parse(text)
          } catch {
            valid = false
          }
          const e = jsonSyntaxError(text)
          expect(e === undefined).toBe(valid)
          if (e) expect(e.offset).toBeLessThanOrEqual(text.length)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('says where a syntax error is', () => {
    const text = '{\n  "a": 1,\n  "b": tru\n}'
    const e = jsonSyntaxError(text)!
    expect(lineColumn(text, e.offset)).toEqual({ line: 3, column: 8 })
    expect(() => parseJsonFile(text, '/x/config.json')).toThrow('/x/config.json:3:8: not valid JSON')
  })
})
