// The local conversation log as only processes show it: node:sqlite is loaded by chat and logs alone (the process's
// module list), and chats run as parallel processes all land in one logs.db. The rest of the log's behaviour is
// checked in-process: test/logs/chat-logs.test.ts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { type Logged, logSetup } from '../helpers/log-setup.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

const setup = () => logSetup(fx, runCli)

describe('agentry logs', () => {
  it('node:sqlite is loaded by chat and logs only: other commands do not pay for it', async () => {
    const t = setup()
    // a preload that tells, as the process exits, whether the sqlite binding was ever loaded
    const probe = join(t.configDir, 'probe.mjs')
    writeFileSync(
      probe,
      "process.on('exit', () => { if (process.moduleLoadList.some((m) => /sqlite/i.test(m))) process.stderr.write('SQLITE-LOADED') })\n",
    )
    const env = { NODE_OPTIONS: `--import=${probe}` }
    const list = await t.run(['agents', 'list'], { env })
    expect([list.exitCode, list.stderr]).toEqual([0, ''])
    const chat = await t.run(['chat', 'demo-assistant', '-m', 'hi'], { env })
    expect([chat.exitCode, chat.stderr]).toEqual([0, 'SQLITE-LOADED'])
  })

  it('path is in the XDG state dir; parallel chats all land in the log', async () => {
    const t = setup()
    const xdg = join(t.configDir, 'xdg-state')
    const p = await t.run(['logs', 'path'], { env: { AGENTRY_STATE_DIR: undefined, XDG_STATE_HOME: xdg } })
    expect(p.stdout).toBe(`${join(xdg, 'agentry', 'logs.db')}\n`)
    const runs = await Promise.all([1, 2, 3, 4].map((i) => t.run(['chat', 'demo-assistant', '-m', `parallel ${i}`])))
    expect(runs.map((r) => [r.exitCode, r.stderr])).toEqual(Array(4).fill([0, '']))
    const list = (await t.json(['logs', 'list'])) as Logged[]
    expect(list.map((c) => c.messages)).toEqual([2, 2, 2, 2])
  })
})
