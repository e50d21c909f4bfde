// The local conversation log as only processes show it: node:sqlite is loaded by chat (the process's module list;
// that the other commands leave it unloaded is shown by test/e2e/startup-modules.test.ts' runs, which log their
// modules), and chats run as parallel processes all land in one logs.db (read back in-process). The rest of the log's
// behaviour, and `logs path` in the XDG state dir, is checked in-process: test/logs/chat-logs.test.ts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { type Logged, logSetup } from '../helpers/log-setup.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

const setup = () => logSetup(fx, runCli)

describe('agentry logs', () => {
  it('node:sqlite is loaded by chat; chats run as parallel processes all land in the log', async () => {
    const t = setup()
    // a preload that tells, as the process exits, whether the sqlite binding was ever loaded
    const probe = join(t.configDir, 'probe.mjs')
    writeFileSync(
      probe,
      "process.on('exit', () => { if (process.moduleLoadList.some((m) => /sqlite/i.test(m))) process.stderr.write('SQLITE-LOADED') })\n",
    )
    const env = { NODE_OPTIONS: `--import=${probe}` }
    // the first of the parallel chats carries the probe
    const runs = await Promise.all(
      [1, 2, 3, 4].map((i) => t.run(['chat', 'demo-assistant', '-m', `parallel ${i}`], i === 1 ? { env } : {})),
    )
    expect(runs.map((r) => [r.exitCode, r.stderr])).toEqual([
      [0, 'SQLITE-LOADED'],
      [0, ''],
      [0, ''],
      [0, ''],
    ])
    // what the processes wrote, read in-process (the same command code)
    const read = await runCommand(['logs', 'list', '--json'], { configDir: t.configDir, env: fx.env() })
    expect(read.exitCode, read.stderr).toBe(0)
    expect((JSON.parse(read.stdout) as Logged[]).map((c) => c.messages)).toEqual([2, 2, 2, 2])
  })
})
