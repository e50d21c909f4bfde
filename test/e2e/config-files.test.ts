// The config file written by many processes at once: every write is kept and the JSON stays valid (the lock across
// processes). Broken files and permissions are checked in-process: test/commands/config-files.test.ts.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, runCli, tempConfigDir } from '../helpers/cli.js'

beforeAll(() => assertBuilt())

describe('config set from many processes at once', () => {
  it('keeps every one of 50 parallel writes and leaves valid JSON', { timeout: 120_000 }, async () => {
    const dir = tempConfigDir()
    const n = 50
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        runCli(['--profile', `p${i}`, 'config', 'set', 'account', `acc${i}`], { configDir: dir, timeoutMs: 90_000 }),
      ),
    )
    for (const r of results) expect(r, r.stderr).toMatchObject({ exitCode: 0, stdout: '' })
    const cfg = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { account?: string }>
    }
    expect(Object.keys(cfg.profiles)).toHaveLength(n)
    for (let i = 0; i < n; i++) expect(cfg.profiles[`p${i}`]).toEqual({ account: `acc${i}` })
    const listed = await runCli(['--profile', 'p7', 'config', 'get', 'account'], { configDir: dir })
    expect(listed).toEqual({ exitCode: 0, stdout: 'acc7\n', stderr: '' })
  })
})
