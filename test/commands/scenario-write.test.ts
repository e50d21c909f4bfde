// `agentry scenario create|edit|delete` and `scenario trigger` against the emulator (issue 40 items 2 and 3): the
// secret shown once and good for a signed run; a trigger with the caller's credential, as `scenario run` prints.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()

describe('scenario create|edit|delete', () => {
  it('shows the generated secret once, which a signed run then uses; --rotate-secret makes another', async () => {
    const t = emulatorContext(fx)
    const argv = ['scenario', 'create', '--name', 'Greeter', '--agent', 'demo-assistant', '--instruction', 'Greet.']
    expect(await t.run([...argv, '--signature-header', 'X-Hook-Signature', '--json'])).toBe(0)
    const made = JSON.parse(t.stdout())
    expect(made).toMatchObject({ name: 'Greeter', enabled: true, agentId: 'demo-assistant' })
    expect(made.signature_name).toBe('X-Hook-Signature')
    expect(made.signature_secret).toMatch(/^scnsec_/)

    t.clearOutput()
    expect(await t.run(['scenario', 'get', made.id, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).signature_secret).toBeUndefined()

    const secretFile = join(tempDir(), 'secret')
    writeFileSync(secretFile, made.signature_secret, { mode: 0o600 })
    t.clearOutput()
    expect(await t.run(['scenario', 'run', made.id, '--input', 'hi', '--secret-file', secretFile])).toBe(0)

    t.clearOutput()
    expect(await t.run(['scenario', 'edit', made.id, '--rotate-secret', '--status', 'disabled', '--json'])).toBe(0)
    const edited = JSON.parse(t.stdout())
    expect(edited.enabled).toBe(false)
    expect(edited.signature_secret).toMatch(/^scnsec_/)
    expect(edited.signature_secret).not.toBe(made.signature_secret)

    expect(await t.run(['scenario', 'delete', made.id, '--yes'])).toBe(0)
    expect(await t.run(['scenario', 'get', made.id])).toBe(3)
  })

  it('on a terminal, warns that the secret is shown once', async () => {
    const t = emulatorContext(fx, { tty: true })
    const argv = ['scenario', 'create', '--name', 'Shown once', '--agent', 'demo-assistant', '--instruction', 'x']
    expect(await t.run(argv)).toBe(0)
    expect(t.stderr()).toContain('the signing secret above is shown once')
  })

  it('checks the flags before sending (exit 2 naming the flag)', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['scenario', 'create', '--name', 'x', '--agent', 'a', '--instruction', 'i'])).toBe(2)
    expect(t.stderr()).toContain('--name: must be 2 to 50 characters')
    expect(await t.run(['scenario', 'create', '--name', 'ok', '--agent', 'a'])).toBe(2)
    expect(t.stderr()).toContain("required option '--instruction")
    expect(await t.run(['scenario', 'edit', 'scn_summarize'])).toBe(2)
    expect(t.stderr()).toContain('nothing to change')
  })
})

describe('scenario trigger', () => {
  it('runs with the credential and prints as scenario run does: the output piped, the run with --json', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['scenario', 'trigger', 'scn_summarize', '--input', 'hello'])).toBe(0)
    expect(t.stdout()).toContain('Demo Assistant')
    t.clearOutput()
    expect(await t.run(['scenario', 'trigger', 'scn_summarize', '--data', '{"ticket":42}', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ scenarioId: 'scn_summarize', status: 'completed' })
    t.clearOutput()
    expect(await t.run(['scenario', 'runs', 'scn_summarize', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())[0]).toMatchObject({ trigger: 'trigger' })
  })

  it('a disabled scenario exits 5; a failed run exits 1; --data and --input conflict', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['scenario', 'trigger', 'scn_archive', '--input', 'x'])).toBe(5)
    expect(await t.run(['scenario', 'trigger', 'scn_orphan', '--input', 'x'])).toBe(1)
    expect(await t.run(['scenario', 'trigger', 'scn_summarize', '--input', 'x', '--data', '{}'])).toBe(2)
  })

  it('--batch: one run per line, the result lines of scenario run --batch', async () => {
    const batch = join(tempDir(), 'in.ndjson')
    writeFileSync(batch, '"first"\n{"input":"second"}\n')
    const t = emulatorContext(fx)
    expect(await t.run(['scenario', 'trigger', 'scn_summarize', '--batch', batch])).toBe(0)
    const lines = t
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.index, l.input, l.status])).toEqual([
      [0, 'first', 'completed'],
      [1, 'second', 'completed'],
    ])
  })

  it('the library: scenarios.trigger and scenarios.create', async () => {
    const client = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const run = await client.scenarios.trigger('scn_summarize', { input: { ticket: 1 } })
    expect(run.status).toBe('completed')
    const made = await client.scenarios.create({ name: 'Lib', instruction: 'x', agentId: 'demo-assistant' })
    expect(typeof made.signature_secret).toBe('string')
    await client.scenarios.delete(made.id)
  })
})
