// Terminal safety in a real terminal (tmux): a record whose name carries escape sequences, created in the emulator,
// printed by the built CLI as a table, and a chat answer echoing them. Were they obeyed, the pane's title would be
// "pwned" and the erase-line would wipe the row; instead the screen shows them as visible escapes.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../src/emulator/index.js'
import { requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

const title = '\x1b]0;pwned\x07'
const hostileName = `evil${title}\x1b[2K\u009b31mred`

/** The file's emulator (test/helpers/emulator.ts), shared by its tmux sessions. */
const fx = emulatorFixture({ emulator: quietEmulator })

describe.skipIf(missing !== undefined)('hostile strings in a real terminal', () => {
  const sessions: TmuxSession[] = []
  let emu: Emulator
  let configDir: string
  let env: Record<string, string>

  beforeAll(async () => {
    requireBuild()
    emu = fx.emu
    configDir = tempDir('agentry-tmux-hostile-')
    env = {
      AGENTRY_CONFIG_DIR: configDir,
      TERM: 'xterm-256color',
      AGENTRY_BASE_URL: emu.baseUrl,
      AGENTRY_ACCOUNT: emu.accountId,
      AGENTRY_API_KEY: emu.demoApiKey,
    }
    const res = await fetch(`${emu.baseUrl}/${emu.accountId}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.demoApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: hostileName, status: 'active', scenarioId: 'scn_summarize' }),
    })
    expect(res.status).toBe(201)
  })

  afterAll(async () => {
    for (const s of sessions) await s.kill()
    if (configDir) rmSync(configDir, { recursive: true, force: true })
  })

  const run = (name: string, args: string) => {
    const t = new TmuxSession(`${name}-${sessions.length}`, { cols: 200, rows: 30 })
    sessions.push(t)
    t.start(`${sh(process.execPath)} bin/agentry.cjs ${args}`, env)
    return t
  }

  it('a table row shows the escapes and the title stays', async () => {
    const t = run('table', 'webhook list --limit 100')
    const screen = await t.waitFor(/^EXIT:\d+$/m)
    expect(screen).toContain('EXIT:0')
    expect(screen).toContain('evil\\u001b]0;pwned\\u0007\\u001b[2K\\u009b31mred')
    expect(await t.title()).not.toBe('pwned')
  })

  it('a chat answer on the terminal shows the escapes and the title stays', async () => {
    const t = run('chat', `chat demo-assistant -m ${sh(`say ${hostileName}`)}`)
    const screen = await t.waitFor(/^EXIT:\d+$/m)
    expect(screen).toContain('EXIT:0')
    expect(screen).toContain('\\u001b]0;pwned\\u0007')
    expect(await t.title()).not.toBe('pwned')
  })
})
