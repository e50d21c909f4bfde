// `--help` and `--version` through the real bin: they take the start-up fast path (dist/help.cjs, dist/version.cjs),
// which only a spawned process runs, and need no server.
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'

describe('--help and --version', () => {
  it('answers --version and --help without a server', async () => {
    const v = await runCli(['--version'])
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
    const h = await runCli(['--help'])
    expect(h.exitCode).toBe(0)
    expect(h.stdout).toMatch(/^Usage: agentry/)
    expect(h.stdout).toMatch(/Exit codes:/)
    expect(h.stdout).not.toContain('__complete')
  })
})
