// The local conversation log as only processes show it: node:sqlite is loaded by chat (the process's module list;
// that the other commands leave it unloaded is shown by test/e2e/startup-modules.test.ts' runs, which log their
// modules), and chats run as parallel processes, opening the new log together, all land in one logs.db (read back
// in-process). The rest of the log's behaviour, and `logs path` in the XDG state dir, is checked in-process:
// test/logs/chat-logs.test.ts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { type Logged, logSetup } from '../helpers/log-setup.js'
import { meetingProbe } from '../helpers/meeting-probe.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

const setup = () => logSetup(fx, runCli)

describe('agentry logs', () => {
  it('node:sqlite is loaded by chat; chats run as parallel processes, opening the new log together, all land in it', async () => {
    const t = setup()
    // a preload that tells, as the process exits, whether the sqlite binding was ever loaded
    const probe = join(t.configDir, 'probe.mjs')
    writeFileSync(
      probe,
      "process.on('exit', () => { if (process.moduleLoadList.some((m) => /sqlite/i.test(m))) process.stderr.write('SQLITE-LOADED') })\n",
    )
    // The race is made, not hoped for (4 chats started together, as this test was, need not meet at the log): each
    // chat, about to create and open the new log, says so (a mark `at-<pid>`) and waits, bounded, until both have;
    // then both open it, set it up (WAL, the schema) and write to it at once
    const together = meetingProbe(
      'agentry-log-openers-',
      `const db = ${JSON.stringify(t.dbFile)}, open = fsp.open
fsp.open = async function (p, ...rest) {
  if (String(p) === db && !existsSync(marks + '/at-' + process.pid)) {
    say('at-' + process.pid)
    await meet(() => said(/^at-\\d+$/) >= 2)
  }
  return open.call(this, p, ...rest)
}`,
    )
    // the first of the parallel chats carries the sqlite probe
    const runs = await Promise.all(
      [1, 2].map((i) =>
        t.run(['chat', 'demo-assistant', '-m', `parallel ${i}`], {
          env: { NODE_OPTIONS: `${i === 1 ? `--import=${probe} ` : ''}${together.nodeOptions}` },
        }),
      ),
    )
    expect(runs.map((r) => [r.exitCode, r.stderr])).toEqual([
      [0, 'SQLITE-LOADED'],
      [0, ''],
    ])
    expect(await together.said(/^at-\d+$/)).toBe(2)
    // what the processes wrote, read in-process (the same command code)
    const read = await runCommand(['logs', 'list', '--json'], { configDir: t.configDir, env: fx.env() })
    expect(read.exitCode, read.stderr).toBe(0)
    expect((JSON.parse(read.stdout) as Logged[]).map((c) => c.messages)).toEqual([2, 2])
  })
})
