// `agentry keys create` end to end: the key printed once to stdout is usable at once; a key scoped to one agent is
// refused (exit 4) on another; a deleted key stops working. In-process (src/cli.ts run()), real emulator.
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture()

/** `KEY=$(agentry keys create …)`: stdout is the key and a newline, nothing else. */
async function createKey(...flags: string[]): Promise<string> {
  const r = await runCommand(['keys', 'create', ...flags], { env: fx.env() })
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  expect(r.stdout).toMatch(/^agk_\S+\n$/)
  return r.stdout.trim()
}

describe('keys (in-process, real emulator)', () => {
  it('a new key works with agents list at once, and keys list shows its prefix only', async () => {
    const key = await createKey('--name', 'ci', '--expires', '30d')
    const agents = await runCommand(['agents', 'list', '--json'], { env: { ...fx.server(), AGENTRY_API_KEY: key } })
    expect(agents.stderr).toBe('')
    expect(agents.exitCode).toBe(0)
    expect((JSON.parse(agents.stdout) as { id: string }[]).map((a) => a.id)).toContain('demo-assistant')
    const list = await runCommand(['keys', 'list', '--json'], { env: fx.env() })
    const mine = (JSON.parse(list.stdout) as { name: string; prefix: string; expiresAt: string }[]).find(
      (k) => k.name === 'ci',
    )
    expect(mine?.prefix).toBe(key.slice(0, 12))
    expect(Date.parse(mine?.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000)
    expect(list.stdout).not.toContain(key)
  })

  it("a key scoped to one agent reads that agent's card, and gets exit 4 on another's", async () => {
    const key = await createKey('--name', 'assistant-only', '--agent', 'demo-assistant')
    const env = { ...fx.server(), AGENTRY_API_KEY: key }
    const own = await runCommand(['agents', 'card', 'demo-assistant', '--json'], { env })
    expect(own.exitCode).toBe(0)
    const other = await runCommand(['agents', 'card', 'weather-bot'], { env })
    expect(other.exitCode).toBe(4)
    expect(other.stderr).toMatch(/401 .*no access to agent "weather-bot"/)
    expect(other.stderr).not.toContain(key)
  })

  it('--json prints the record with the key; after keys delete --yes the key is refused', async () => {
    const r = await runCommand(['keys', 'create', '--name', 'short-lived', '--json'], { env: fx.env() })
    const record = JSON.parse(r.stdout) as { id: string; key: string }
    expect(record.key).toMatch(/^agk_/)
    const env = { ...fx.server(), AGENTRY_API_KEY: record.key }
    expect((await runCommand(['agents', 'list'], { env })).exitCode).toBe(0)
    expect((await runCommand(['keys', 'delete', record.id], { env: fx.env() })).exitCode).toBe(2)
    expect((await runCommand(['keys', 'delete', record.id, '--yes'], { env: fx.env() })).exitCode).toBe(0)
    expect((await runCommand(['agents', 'list'], { env })).exitCode).toBe(4)
  })
})
