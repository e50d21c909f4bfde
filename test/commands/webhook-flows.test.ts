// `agentry webhook …` end to end: create a webhook, trigger it with the secret printed at creation (with and without
// an API key), and the exit codes of an inactive, a wrongly keyed and a deleted webhook. In-process (src/cli.ts run()), real emulator.
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture()

async function createHook(name: string): Promise<{ id: string; secret: string; url: string }> {
  const r = await runCommand(['webhook', 'create', '--name', name, '--scenario', 'scn_summarize', '--json'], {
    env: fx.env(),
  })
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  const hook = JSON.parse(r.stdout) as { id: string; secret: string; url: string }
  expect(hook.secret).toMatch(/^whsec_/)
  return hook
}

describe('webhook create → trigger (in-process, real emulator)', () => {
  it('triggers with the printed secret and --url, without any API key; the run is recorded', async () => {
    const hook = await createHook('CI trigger')
    const data = '{"order":42,"note":"from CI"}'
    const r = await runCommand(['webhook', 'trigger', '--url', hook.url, '--data', data, '--json'], {
      env: { AGENTRY_WEBHOOK_SECRET: hook.secret },
    })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const answer = JSON.parse(r.stdout) as { received: boolean; executionId: string }
    expect(answer.received).toBe(true)
    expect(fx.emu.state.executions.get(answer.executionId)).toMatchObject({
      trigger: 'webhook',
      scenarioId: 'scn_summarize',
      input: data,
    })
    expect(r.stdout + r.stderr).not.toContain(hook.secret)
  })

  it('triggers by id with the API key (URL and secret from the record), body from stdin', async () => {
    const hook = await createHook('By id')
    const r = await runCommand(['webhook', 'trigger', hook.id, '--data', '-'], { env: fx.env(), input: '{"a":1}' })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toMatch(/^received\ttrue\nexecutionId\texe_\S+\n$/)
  })

  it('list and get never print the secret unless --show-secret', async () => {
    const hook = await createHook('Hidden')
    const list = await runCommand(['webhook', 'list', '--all', '--json'], { env: fx.env() })
    expect(list.exitCode).toBe(0)
    expect(list.stdout).not.toContain(hook.secret)
    const get = await runCommand(['webhook', 'get', hook.id], { env: fx.env() })
    expect(get.stdout).not.toContain(hook.secret)
    const shown = await runCommand(['webhook', 'get', hook.id, '--show-secret', '--json'], { env: fx.env() })
    expect(JSON.parse(shown.stdout).secret).toBe(hook.secret)
  })

  it('an inactive webhook exits 5; a wrong secret 4; a deleted webhook 3', async () => {
    const legacy = await runCommand(['webhook', 'trigger', 'whk_legacy'], { env: fx.env() })
    expect(legacy.exitCode).toBe(5)
    expect(legacy.stderr).toMatch(/409 Webhook is inactive\nhint: activate it: agentry webhook edit whk_legacy/)

    const hook = await createHook('Lifecycle')
    const wrong = await runCommand(['webhook', 'trigger', '--url', hook.url], {
      env: { AGENTRY_WEBHOOK_SECRET: 'whsec_wrong_000000' },
    })
    expect(wrong.exitCode).toBe(4)

    const off = await runCommand(['webhook', 'edit', hook.id, '--status', 'inactive'], { env: fx.env() })
    expect(off.exitCode).toBe(0)
    const inactive = await runCommand(['webhook', 'trigger', '--url', hook.url], {
      env: { AGENTRY_WEBHOOK_SECRET: hook.secret },
    })
    expect(inactive.exitCode).toBe(5)

    expect((await runCommand(['webhook', 'delete', hook.id], { env: fx.env() })).exitCode).toBe(2)
    expect((await runCommand(['webhook', 'delete', hook.id, '--yes'], { env: fx.env() })).exitCode).toBe(0)
    const gone = await runCommand(['webhook', 'trigger', '--url', hook.url], {
      env: { AGENTRY_WEBHOOK_SECRET: hook.secret },
    })
    expect(gone.exitCode).toBe(3)
  })

  it('validates create locally: a 1-character name is exit 2 and nothing is created', async () => {
    const count = fx.emu.state.webhooks.size
    const r = await runCommand(['webhook', 'create', '--name', 'x', '--scenario', 'scn_summarize'], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/^error: --name: must be 2 to 100 characters/)
    expect(fx.emu.state.webhooks.size).toBe(count)
  })
})
