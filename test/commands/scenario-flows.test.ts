// `agentry scenario run|sign` end to end: the built CLI against a real emulator (demo seed), as a CI job runs it.
import { createHmac } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture()

const secrets = demoSecrets.scenarios
const executionIds = () => new Set(fx.emu.state.executions.keys())

describe('scenario run (in-process, real emulator)', () => {
  it('a completed run exits 0, prints the execution, and the emulator recorded the signed run', async () => {
    const before = executionIds()
    const env = { ...fx.env(), AGENTRY_SCENARIO_SECRET: secrets.scn_summarize.secret }
    const r = await runCommand(
      ['scenario', 'run', 'scn_summarize', '--input', 'Ticket #1: printer on fire', '--json'],
      {
        env,
      },
    )
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const execution = JSON.parse(r.stdout)
    expect(execution).toMatchObject({ scenarioId: 'scn_summarize', status: 'completed' })
    expect(before.has(execution.id)).toBe(false)
    expect(fx.emu.state.executions.get(execution.id)).toMatchObject({
      trigger: 'signed',
      input: 'Ticket #1: printer on fire',
    })
    expect(r.stdout + r.stderr).not.toContain(secrets.scn_summarize.secret)
  })

  it('reads the input from piped stdin and the secret from a private file, without an API key', async () => {
    const dir = tempConfigDir()
    const file = join(dir, 'translate.secret')
    await writeFile(file, `${secrets.scn_translate.secret}\n`, { mode: 0o600 })
    const args = ['--base-url', fx.emu.baseUrl, 'scenario', 'run', 'scn_translate', '--secret-file', file]
    args.push('--signature-header', secrets.scn_translate.header)
    const r = await runCommand(args, { configDir: dir, input: 'Good morning' })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    // piped: the run's output text alone (issue 22 item 9), not a key/value view
    expect(r.stdout).toMatch(/Demo Assistant/)
    expect(r.stdout).not.toMatch(/^status\t/m)
  })

  it('a wrong secret exits 4 with a hint about the secret', async () => {
    const env = { ...fx.env(), AGENTRY_SCENARIO_SECRET: 'not-the-secret' }
    const r = await runCommand(['scenario', 'run', 'scn_summarize', '--input', 'x'], { env })
    expect(r.exitCode).toBe(4)
    expect(r.stderr).toMatch(/401 invalid signature in X-Signature/)
    expect(r.stderr).toMatch(/hint: .*check the secret from AGENTRY_SCENARIO_SECRET/)
    expect(r.stdout).toBe('')
  })

  it('a disabled scenario exits 5', async () => {
    const env = { ...fx.env(), AGENTRY_SCENARIO_SECRET: secrets.scn_archive.secret }
    const r = await runCommand(['scenario', 'run', 'scn_archive', '--input', 'x'], { env })
    expect(r.exitCode).toBe(5)
    expect(r.stderr).toMatch(/409 Scenario is disabled/)
  })

  it('a failed run exits 1, the execution on stdout and the reason on stderr', async () => {
    const env = { ...fx.env(), AGENTRY_SCENARIO_SECRET: secrets.scn_orphan.secret }
    const r = await runCommand(['scenario', 'run', 'scn_orphan', '--input', 'x', '--json'], { env })
    expect(r.exitCode).toBe(1)
    expect(JSON.parse(r.stdout).status).toBe('failed')
    expect(r.stderr).toMatch(/^error: scenario scn_orphan: run exe_\S+ failed: agent "agent_deleted" not found\n$/)
  })

  it('no input (stdin closed and empty) or no secret is a usage error, exit 2', async () => {
    const noInput = await runCommand(['scenario', 'run', 'scn_summarize'], {
      env: { ...fx.env(), AGENTRY_SCENARIO_SECRET: secrets.scn_summarize.secret },
    })
    expect(noInput.exitCode).toBe(2)
    expect(noInput.stderr).toMatch(/--input <text>, --input-file <path>/)
    const noSecret = await runCommand(['scenario', 'run', 'scn_summarize', '--input', 'x'], { env: fx.env() })
    expect(noSecret.exitCode).toBe(2)
    expect(noSecret.stderr).toMatch(/no signing secret/)
  })
})

describe('scenario sign (for curl and friends)', () => {
  it('prints the HMAC of the exact bytes; that signature is accepted by the emulator', async () => {
    const body = '{"input":"signed by agentry, sent by fetch"}'
    const key = secrets.scn_summarize.secret
    const r = await runCommand(['scenario', 'sign'], { input: body, env: { AGENTRY_SCENARIO_SECRET: key } })
    expect(r.exitCode).toBe(0)
    const signature = r.stdout.trim()
    expect(r.stdout).toBe(`${createHmac('sha256', key).update(body).digest('hex')}\n`)
    const res = await fetch(`${fx.emu.baseUrl}/scenario/scn_summarize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [secrets.scn_summarize.header]: signature },
      body,
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { status: string }).status).toBe('completed')
    const tampered = await fetch(`${fx.emu.baseUrl}/scenario/scn_summarize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [secrets.scn_summarize.header]: signature },
      body: `${body} `,
    })
    expect(tampered.status).toBe(401)
  })
})
