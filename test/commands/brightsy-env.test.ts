// The official tools' environment (issue 28 item 7, docs/wire.md "Real defaults"): BRIGHTSY_API_KEY,
// BRIGHTSY_ACCOUNT_ID and BRIGHTSY_AGENT_ID are read when agentry's own names are not set, and agentry's names win
// when both are, against the emulator (which refuses a wrong key with 401: exit 4).
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const wrongKey = 'bsy_wrong_key_0000000000'

describe('BRIGHTSY_API_KEY', () => {
  it('is the key of a run without AGENTRY_API_KEY', async () => {
    const t = emulatorContext(fx, { env: { AGENTRY_API_KEY: undefined, BRIGHTSY_API_KEY: fx.emu.demoApiKey } })
    expect(await t.run(['agents', 'list', '--json']), t.stderr()).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'demo-assistant' })]))
  })

  it('comes after AGENTRY_API_KEY: a good AGENTRY_API_KEY wins over a wrong BRIGHTSY_API_KEY, and the reverse', async () => {
    const ours = emulatorContext(fx, { env: { BRIGHTSY_API_KEY: wrongKey } })
    expect(await ours.run(['agents', 'list', '--json']), ours.stderr()).toBe(0)
    const theirs = emulatorContext(fx, { env: { AGENTRY_API_KEY: wrongKey, BRIGHTSY_API_KEY: fx.emu.demoApiKey } })
    expect(await theirs.run(['agents', 'list', '--json'])).toBe(4)
    expect(theirs.stderr()).not.toContain(wrongKey)
  })
})

describe('BRIGHTSY_ACCOUNT_ID', () => {
  it('comes after AGENTRY_ACCOUNT', async () => {
    const t = emulatorContext(fx, { env: { BRIGHTSY_ACCOUNT_ID: 'acc_official' } })
    expect(await t.run(['config', 'get', 'account', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ value: fx.emu.accountId, origin: 'AGENTRY_ACCOUNT' })
  })
})

describe('BRIGHTSY_AGENT_ID', () => {
  /** The agent a `chat -m` run with no agent id talked to (its start event). */
  async function agentChatted(env: Record<string, string | undefined>): Promise<string | undefined> {
    const t = emulatorContext(fx, { env })
    expect(await t.run(['chat', '-m', 'hi', '-o', 'ndjson']), t.stderr()).toBe(0)
    const done = t
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; agent_id?: string })
      .find((e) => e.type === 'done')
    return done?.agent_id
  }

  it('names the agent of `chat` when none is given', async () => {
    expect(await agentChatted({ AGENTRY_AGENT: undefined, BRIGHTSY_AGENT_ID: 'weather-bot' })).toBe('weather-bot')
  })

  it('comes after AGENTRY_AGENT', async () => {
    expect(await agentChatted({ AGENTRY_AGENT: 'demo-assistant', BRIGHTSY_AGENT_ID: 'weather-bot' })).toBe(
      'demo-assistant',
    )
  })
})
