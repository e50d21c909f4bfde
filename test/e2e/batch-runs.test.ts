// `scenario run --batch` as only a process shows it: Ctrl-C (SIGINT) in the middle of a batch and while waiting for
// stdin, against a real emulator. Its ordinary behaviour (result lines, JUnit, exit codes, --resume, --shard, the
// concurrency bound) is checked in-process: test/commands/batch-runs.test.ts.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { execa } from 'execa'
import { binPath, cliEnv, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { batchFixture, inputFile, junitOf, ndjsonLines } from '../helpers/batch-fixtures.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })
const { scenarioEnv, executionsTagged } = batchFixture(fx)

describe('Ctrl-C in the middle of a batch', () => {
  it('stops launching, lets the runs in flight finish, writes them and the JUnit, exits 130', async () => {
    await hook(fx.emu, 'POST', 'latency', { ms: 250 })
    const dir = tempConfigDir()
    const file = await inputFile(dir, 'ci', 30)
    const junit = join(dir, 'junit.xml')
    const child = spawnCli(
      ['scenario', 'run', 'scn_summarize', '--batch', file, '--concurrency', '2', '--junit', junit],
      {
        env: scenarioEnv('scn_summarize'),
      },
    )
    let out = ''
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('\n')) resolve()
      })
    })
    child.kill('SIGINT')
    const r = await child
    expect(r.exitCode).toBe(130)
    const done = ndjsonLines(String(r.stdout))
    expect(done.length).toBeGreaterThanOrEqual(1)
    expect(done.length).toBeLessThan(30)
    expect(done.every((l) => l.status === 'completed')).toBe(true)
    // the runs in flight finished and were written: every run the service saw has its result line
    expect(executionsTagged('ci')).toHaveLength(done.length)
    expect(String(r.stderr)).toMatch(/stopping: no more runs are started/)
    const suite = junitOf(await readFile(junit, 'utf8'))
    expect(suite).toMatchObject({ tests: '30', failures: '0', skipped: String(30 - done.length) })
  })
})

describe('Ctrl-C while waiting for stdin', () => {
  it('stops waiting for the next line: the runs done are written, exit 130 with stdin still open', async () => {
    const child = execa(process.execPath, [binPath, 'scenario', 'run', 'scn_summarize', '--batch', '-'], {
      env: cliEnv(tempConfigDir(), scenarioEnv('scn_summarize')),
      extendEnv: false,
      reject: false,
      stdin: 'pipe',
      timeout: 20_000,
    })
    child.stdin?.write('"open 0"\n"open 1"\n')
    let out = ''
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.split('\n').length > 2) resolve()
      })
    })
    child.kill('SIGINT')
    const r = await child
    expect(r.exitCode).toBe(130)
    expect(ndjsonLines(String(r.stdout)).map((l) => l.status)).toEqual(['completed', 'completed'])
    expect(String(r.stderr)).toMatch(/2 runs: 2 completed/)
  })
})
