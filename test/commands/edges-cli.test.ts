// Rough edges of the command line itself (issue 12): usage errors as JSON, `help a b`, bare `agentry`, `version`.
import { describe, expect, it } from 'vitest'
import { testContext } from '../helpers/test-context.js'

describe('usage errors honour --error-format json', () => {
  for (const argv of [
    ['--error-format', 'json', 'nope'],
    ['--error-format=json', 'agents', 'list', '--bogus'],
    ['--error-format', 'json', 'agents', 'get'],
  ]) {
    it(`agentry ${argv.join(' ')}`, async () => {
      const t = testContext()
      expect(await t.run(argv)).toBe(2)
      expect(t.stdout()).toBe('')
      const lines = t.stderr().trim().split('\n')
      expect(lines).toHaveLength(1)
      const body = JSON.parse(lines[0]!)
      expect(body.error).toMatchObject({ kind: 'usage', exitCode: 2 })
      expect(body.error.message).not.toMatch(/^error:/)
    })
  }
  it('AGENTRY_ERROR_FORMAT=json too, and text stays text', async () => {
    const t = testContext({ env: { AGENTRY_ERROR_FORMAT: 'json' } })
    expect(await t.run(['agents', 'list', '--bogus'])).toBe(2)
    expect(JSON.parse(t.stderr()).error.message).toMatch(/--bogus/)
    const u = testContext()
    expect(await u.run(['agents', 'list', '--bogus'])).toBe(2)
    expect(u.stderr()).toMatch(/^error: unknown option '--bogus'/)
  })
})

describe('help', () => {
  it('`help cms query` prints the help of cms query', async () => {
    const t = testContext()
    expect(await t.run(['help', 'cms', 'query'])).toBe(0)
    expect(t.stdout()).toMatch(/^Usage: agentry cms query/)
  })
  it('bare agentry prints help on stdout and exits 0', async () => {
    const t = testContext()
    expect(await t.run([])).toBe(0)
    expect(t.stdout()).toMatch(/^Usage: agentry/)
    expect(t.stderr()).toBe('')
  })
})

describe('version', () => {
  it('prints the version, and JSON with --json', async () => {
    const t = testContext()
    expect(await t.run(['version'])).toBe(0)
    expect(t.stdout()).toBe('agentry test\n')
    t.clearOutput()
    expect(await t.run(['version', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ version: 'test', node: process.versions.node })
  })
})

describe('help on a narrow terminal', () => {
  it('is wrapped to the terminal width', async () => {
    const t = testContext({ tty: true, columns: 50 })
    expect(await t.run(['--help'])).toBe(0)
    const lines = t.stdout().split('\nExamples:')[0]!.split('\n')
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(50)
    const wide = testContext({ tty: true, columns: 200 })
    expect(await wide.run(['--help'])).toBe(0)
    expect(
      Math.max(
        ...wide
          .stdout()
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBeGreaterThan(80)
  })
})

describe('files named by flags', () => {
  it('emulator start --data-file never creates a missing directory: a clear error naming it', async () => {
    const { existsSync } = await import('node:fs')
    const { join } = await import('node:path')
    const t = testContext()
    const dir = join(t.configDir, 'no', 'such')
    expect(await t.run(['emulator', 'start', '--port', '0', '--data-file', join(dir, 'state.json')])).toBe(1)
    expect(t.stderr()).toMatch(new RegExp(`the directory ${dir.replace(/[/.]/g, '\\$&')} does not exist`))
    expect(existsSync(join(t.configDir, 'no'))).toBe(false)
  })
})

describe('--out never creates a missing directory', () => {
  it('files download --out into a missing directory: exit 2 naming it before any request, nothing created', async () => {
    const { existsSync } = await import('node:fs')
    const { join } = await import('node:path')
    const t = testContext()
    const dir = join(t.configDir, 'missing')
    expect(await t.run(['files', 'download', 'a.txt', '--out', join(dir, 'a.txt')])).toBe(2)
    expect(t.stderr()).toContain(`the directory ${dir} does not exist`)
    expect(existsSync(dir)).toBe(false)
  })
})
