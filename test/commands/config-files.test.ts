// The config files as the CLI reads and writes them, in-process (src/cli.ts run()): a hand-broken config.json is
// reported and never overwritten, an invalid value writes nothing, credentials are 0600 and refused once readable by
// others. Parallel writers from many processes are test/e2e/config-files.test.ts.
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'

describe('broken files', () => {
  it('reports a hand-broken config.json with path and line (exit 1) and never overwrites it', async () => {
    const dir = tempConfigDir()
    const file = join(dir, 'config.json')
    const broken =
      '{\n  "profiles": {\n    "default": {\n      "account": "acc_1"\n      "timeout": 30\n    }\n  }\n}\n'
    await writeFile(file, broken)
    const r = await runCommand(['config', 'set', 'account', 'acc_2'], { configDir: dir })
    expect(r.exitCode).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(`error: ${file}:5:7: not valid JSON`)
    expect(r.stderr).toContain('hint: fix or remove the file by hand')
    expect(await readFile(file, 'utf8')).toBe(broken)
  })

  it('refuses a value that would not validate, exit 2, writing nothing', async () => {
    const dir = tempConfigDir()
    expect((await runCommand(['config', 'set', 'account', 'acc_1'], { configDir: dir })).exitCode).toBe(0)
    const before = await readFile(join(dir, 'config.json'), 'utf8')
    const r = await runCommand(['config', 'set', 'base-url', 'nope'], { configDir: dir })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/^error: config set base-url: /)
    expect(await readFile(join(dir, 'config.json'), 'utf8')).toBe(before)
  })
})

describe('credentials file permissions', () => {
  it.skipIf(process.platform === 'win32')('is written 0600 and refused (exit 4) once group-readable', async () => {
    const dir = tempConfigDir()
    const file = join(dir, 'credentials.json')
    const key = 'agk_e2e_0123456789abcdef'
    const login = await runCommand(['login', '--with-api-key'], { configDir: dir, input: `${key}\n` })
    expect(login.exitCode, login.stderr).toBe(0)
    expect(login.stderr).toContain('agk_e2e…')
    expect(login.stderr).not.toContain(key)
    const { stat } = await import('node:fs/promises')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    await chmod(file, 0o644)
    const r = await runCommand(['whoami'], { configDir: dir })
    expect(r.exitCode).toBe(4)
    expect(r.stderr).toContain(`hint: run: chmod 600 ${file}`)
    expect(r.stdout + r.stderr).not.toContain(key)
  })
})
