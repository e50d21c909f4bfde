// `cms import` and `cms export --out` interrupted half-way, as only a process shows it: Ctrl-C lets the saves in
// flight finish and --resume completes without duplicates; a killed export resumes to the same file. The built CLI
// against a real emulator with its latency hook is interrupted; the runs before and after it (the full export to
// compare with, the resumes and refusals) run in-process on the files it left. The rest of cms bulk is in-process:
// test/commands/cms-bulk.test.ts. Each interruption is sure to land half-way without a big input: once the run is
// under way, the emulator's latency goes up, so the rest of the run waits on it while the signal is sent.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnCli } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { cmsBulkFixture } from '../helpers/cms-bulk-fixture.js'
import { tempDir } from '../helpers/temp-dir.js'
import { pollUntil } from '../helpers/poll.js'

/** posts kept of the seed's 5000: the export's half-way and its resume need pages, not thousands of records */
const postsKept = 1500
const fx = emulatorFixture({
  built: true,
  ready: (emu) => {
    const posts = emu.state.cms.get('posts')!
    for (const id of [...posts.keys()].slice(postsKept)) posts.delete(id)
  },
})

/** A run in-process (the same command code): what follows an interrupted process works on the files it left. */
const cli = (args: string[]) => runCommand(args, { env: fx.env() })
const { count, setLatency } = cmsBulkFixture(fx)

/** Polls until `check` holds, failing after `ms` (test/helpers/poll.ts). */
const until = (check: () => boolean, ms = 15_000) => pollUntil(check, { timeoutMs: ms })

describe('cms import never duplicates', () => {
  it('Ctrl-C lets the saves in flight finish, lists none as failed, and --resume completes without duplicates', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir()
    const file = join(dir, 'big.ndjson')
    const n = 200
    writeFileSync(file, `${Array.from({ length: n }, (_, i) => JSON.stringify({ data: { i } })).join('\n')}\n`)
    await setLatency(20)
    const proc = spawnCli(['cms', 'import', 'interrupted', file, '--concurrency', '4'], { env: fx.env() })
    await until(() => count('interrupted') >= 50)
    // the saves from now on take 0.25 s each: Ctrl-C lands with saves in flight and most lines not yet started
    await setLatency(250)
    proc.kill('SIGINT')
    const r = await proc
    expect(r.exitCode).toBe(130)
    expect(String(r.stderr)).toMatch(/failed 0/)
    expect(existsSync(`${file}.failed.ndjson`)).toBe(false)
    const stored = count('interrupted')
    expect(stored).toBeLessThan(n)
    const state = JSON.parse(readFileSync(`${file}.agentry-import.json`, 'utf8'))
    expect(state.progress.mark).toBe(stored) // lines are started in order; every one in flight finished
    await setLatency(0)
    const resumed = await cli(['cms', 'import', 'interrupted', file, '--resume'])
    expect(resumed.stderr).toBe(`created ${n - stored}, updated 0, skipped ${stored} (resume), failed 0\n`)
    expect(resumed.exitCode).toBe(0)
    expect(count('interrupted')).toBe(n)
    expect(existsSync(`${file}.agentry-import.json`)).toBe(false)
  })
})

describe('cms export in parallel', () => {
  it('a killed --out export resumes to the same file as a full export; another query is refused', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir()
    const full = join(dir, 'full.ndjson')
    const out = join(dir, 'out.ndjson')
    expect((await cli(['cms', 'export', 'posts', '--out', full])).exitCode).toBe(0)
    expect(readFileSync(full, 'utf8').split('\n')).toHaveLength(postsKept + 1)
    await setLatency(40)
    const proc = spawnCli(['cms', 'export', 'posts', '--out', out, '--concurrency', '2'], { env: fx.env() })
    const part = `${out}.agentry-export.part`
    // a quarter written; then the pages still to come wait a second each, so the kill lands half-way
    await until(() => existsSync(part) && statSync(part).size > statSync(full).size / 4)
    await setLatency(1000)
    proc.kill('SIGKILL')
    await proc
    await setLatency(0)
    expect(existsSync(out)).toBe(false)
    expect(existsSync(`${out}.agentry-export.json`)).toBe(true)

    const other = await cli(['cms', 'export', 'posts', '--out', out, '--resume', '--where', 'views > 3'])
    expect(other.exitCode).toBe(2)
    expect(other.stderr).toMatch(/cannot resume: the interrupted export had another query/)
    const otherCollection = await cli(['cms', 'export', 'authors', '--out', out, '--resume'])
    expect(otherCollection.exitCode).toBe(2)
    expect(otherCollection.stderr).toMatch(/had another collection/)

    const resumed = await cli(['cms', 'export', 'posts', '--out', out, '--resume', '--concurrency', '4'])
    expect(resumed.exitCode).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(full, 'utf8'))
    expect(existsSync(part)).toBe(false)
    expect(existsSync(`${out}.agentry-export.json`)).toBe(false)
  })
})
