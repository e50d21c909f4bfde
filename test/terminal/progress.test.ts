// The progress of a batch in a real terminal (tmux): an ora spinner with the counter while the batch waits for its
// next input, erased before the next result line and before the summary, so the screen ends with results and the
// summary only, and the cursor is visible again.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../src/emulator/index.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)
const spinnerFrame = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] ran 1$/m

/** The file's emulator (test/helpers/emulator.ts), shared by its tmux sessions. */
const fx = emulatorFixture({ emulator: quietEmulator })

describe.skipIf(missing !== undefined)('batch progress in a real terminal', () => {
  let t: TmuxSession | undefined
  let emu: Emulator
  let configDir: string

  beforeAll(async () => {
    requireBuild()
    emu = fx.emu
    configDir = tempDir('agentry-tmux-progress-')
  })

  afterAll(async () => {
    await t?.kill()
    if (configDir) rmSync(configDir, { recursive: true, force: true })
  })

  it('a spinner while waiting for input, gone once the batch is over', async () => {
    t = new TmuxSession('progress', { cols: 120, rows: 30 })
    const env = {
      AGENTRY_CONFIG_DIR: configDir,
      TERM: 'xterm-256color',
      AGENTRY_BASE_URL: emu.baseUrl,
      AGENTRY_ACCOUNT: emu.accountId,
      AGENTRY_API_KEY: emu.demoApiKey,
      AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret,
    }
    // the second input comes only once the test has seen the spinner (a file the test creates)
    const gate = join(configDir, 'go')
    const inputs = `(echo '"tp 0"'; while [ ! -e ${sh(gate)} ]; do sleep 0.05; done; echo '"tp 1"')`
    const batch = `${sh(process.execPath)} bin/agentry.cjs scenario run scn_summarize --batch -`
    // live: a dead pane always reports the cursor hidden
    t.start(`sh -c ${sh(`${inputs} | ${batch}`)}`, env, { live: true })
    const during = await t.waitFor(spinnerFrame)
    expect(during).toContain('"tp 0"')
    writeFileSync(gate, '')
    const after = await t.waitFor(/^EXIT:\d+$/m)
    expect(after).toContain('EXIT:0')
    expect(after).toMatch(/2 runs: 2 completed in \d+\.\d s/)
    expect(after).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/)
    expect((await t.command('display-message', '-p', '-t', t.name, '#{cursor_flag}')).trim()).toBe('1')
  })
})
