// whoami asks the service (issue 12): valid with its scopes, rejected (exit 4, says so), scoped (valid, no scopes);
// a scope refusal hints at scopes, not at login; 404s and a base URL without /api/v1beta get hints; a server-side
// validation failure exits 2 like the same local check.
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

const fx = emulatorFixture()

async function createKey(...flags: string[]): Promise<string> {
  const t = emulatorContext(fx)
  expect(await t.run(['keys', 'create', ...flags])).toBe(0)
  return t.stdout().trim()
}

describe('whoami checks the credential with the service', () => {
  it('a key the service takes: valid, checked with the agents list (issue 37 item 4)', async () => {
    const key = await createKey('--name', 'who', '--cms', 'read')
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: key } })
    expect(await t.run(['whoami', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ check: 'valid', source: 'AGENTRY_API_KEY', kind: 'api-key' })
    expect(t.stdout()).not.toContain(key)
  })
  it('a refused key: says so, exit 4', async () => {
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: 'agk_revoked_0123456789abcdef' } })
    expect(await t.run(['whoami'])).toBe(4)
    expect(t.stderr()).toMatch(/error: the service refused this credential \(AGENTRY_API_KEY\)/)
    expect(t.stdout()).toMatch(/check\s+rejected/)
  })
  it('--no-check makes no call', async () => {
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: 'agk_revoked_0123456789abcdef' } })
    expect(await t.run(['whoami', '--no-check', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).check).toBeUndefined()
  })
  it('a key scoped to one agent is valid; its refusal on another agent hints at scopes, not login', async () => {
    const key = await createKey('--name', 'one-agent', '--agent', 'demo-assistant')
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: key } })
    expect(await t.run(['whoami', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).check).toBe('valid')
    t.clearOutput()
    expect(await t.run(['agents', 'card', 'weather-bot'])).toBe(4)
    expect(t.stderr()).toMatch(/hint: this key's scopes don't include this/)
    expect(t.stderr()).not.toMatch(/agentry login/)
  })
})

describe('error hints', () => {
  it('a 404 names the list that shows the ids', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['webhook', 'get', 'whk_nope'])).toBe(3)
    expect(t.stderr()).toMatch(/hint: no such id\? `agentry webhook list` shows them/)
  })
  it('a base URL without /api/v1beta gets a hint', async () => {
    const t = emulatorContext(fx, { env: { AGENTRY_BASE_URL: fx.emu.url } })
    expect(await t.run(['agents', 'list'])).not.toBe(0)
    expect(t.stderr()).toMatch(/hint: the base URL .* does not end with \/api\/v1beta/)
  })
  it('a validation failure of the service exits 2', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['api', 'POST', '/{accountId}/webhooks', '-d', '{"name": 7}'])).toBe(2)
    expect(t.stderr()).toMatch(/POST .*webhooks: 400 /)
  })
})

describe('keys delete of the key in use', () => {
  it('warns, asks with a question that says so, and a no keeps it (exit 0, not deleted)', async () => {
    const key = await createKey('--name', 'mine')
    const { fakePrompter } = await import('../helpers/test-context.js')
    const prompter = fakePrompter([false])
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: key }, tty: true, prompter })
    const l = emulatorContext(fx)
    expect(await l.run(['keys', 'list', '--all', '--json'])).toBe(0)
    const mine = (JSON.parse(l.stdout()) as { id: string; prefix: string }[]).find((k) => key.startsWith(k.prefix))!
    expect(await t.run(['keys', 'delete', mine.id])).toBe(0)
    expect(t.stderr()).toMatch(/warning: .* is the API key this run uses \(AGENTRY_API_KEY\)/)
    expect(prompter.asked[0]?.message).toMatch(/the one you are using now/)
    expect(t.stderr()).toMatch(/not deleted/)
    expect(t.stderr()).not.toContain(key)
  })

  it('compares ids, not prefixes: the demo key does not take key_demo_no_cms for itself (issue 22 item 10)', async () => {
    const { fakePrompter } = await import('../helpers/test-context.js')
    const prompter = fakePrompter([false])
    // agk_demo_0123…: every demo key starts with agk_demo_, but only key_demo's listed prefix fits it
    const t = emulatorContext(fx, { tty: true, prompter })
    expect(await t.run(['keys', 'delete', 'key_demo_no_cms'])).toBe(0)
    expect(t.stderr()).not.toMatch(/this run uses/)
    expect(prompter.asked[0]?.message).toBe('Delete API key key_demo_no_cms? Anything using it stops working.')
  })
})
