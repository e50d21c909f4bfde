// A --tool-handler is a command the model drives: it gets none of our secrets (the API key, the scenario and webhook
// secrets, config/secret-env.ts) unless the user hands one over by name with --tool-env (issue 22 item 30).
import { describe, expect, it } from 'vitest'
import { secretEnv } from '../../src/config/secret-env.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
// prints, for each variable, its value or "-" when unset
const names = [...Object.values(secretEnv), 'TOOL_OWN_VAR']
const handler = `printf '%s ' ${names.map((n) => `"\${${n}:--}"`).join(' ')}`
const secrets = {
  AGENTRY_SCENARIO_SECRET: 'scn_secret_0123456789',
  AGENTRY_WEBHOOK_SECRET: 'whsec_0123456789',
  AGENTRY_UPSTREAM_API_KEY: 'up_key_0123456789',
  BRIGHTSY_API_KEY: 'bsy_0123456789',
  TOOL_OWN_VAR: 'plain',
}

/** What the handler saw, from the tool_result event of an NDJSON one-shot chat. */
async function seen(extra: string[]): Promise<Record<string, string>> {
  const t = emulatorContext(fx, { env: secrets })
  const code = await t.run([
    'chat',
    'weather-bot',
    '-m',
    'weather in Oslo',
    '-o',
    'ndjson',
    '--tool-handler',
    handler,
    ...extra,
  ])
  expect(code, t.stderr()).toBe(0)
  const events = t
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; content?: string })
  const values = (events.find((e) => e.type === 'tool_result')?.content ?? '').trim().split(' ')
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']))
}

describe('--tool-handler and our secrets', () => {
  it('the handler gets none of them, and the rest of the environment as it is', async () => {
    expect(await seen([])).toEqual({
      AGENTRY_API_KEY: '-',
      AGENTRY_SCENARIO_SECRET: '-',
      AGENTRY_WEBHOOK_SECRET: '-',
      AGENTRY_UPSTREAM_API_KEY: '-',
      BRIGHTSY_API_KEY: '-',
      BRIGHTSY_API_TOKEN: '-',
      TOOL_OWN_VAR: 'plain',
    })
  })
  it('--tool-env NAME hands over the ones named, and only those', async () => {
    const got = await seen(['--tool-env', 'AGENTRY_API_KEY', '--tool-env', 'AGENTRY_WEBHOOK_SECRET'])
    expect(got).toEqual({
      AGENTRY_API_KEY: fx.emu.demoApiKey,
      AGENTRY_SCENARIO_SECRET: '-',
      AGENTRY_WEBHOOK_SECRET: secrets.AGENTRY_WEBHOOK_SECRET,
      AGENTRY_UPSTREAM_API_KEY: '-',
      BRIGHTSY_API_KEY: '-',
      BRIGHTSY_API_TOKEN: '-',
      TOOL_OWN_VAR: 'plain',
    })
  })
  it('--tool-env takes a name, never NAME=value, and only with --tool-handler', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'weather-bot', '-m', 'hi', '--tool-handler', 'true', '--tool-env', 'K=v'])).toBe(2)
    expect(t.stderr()).toMatch(/--tool-env K=v: give the name of an environment variable, not its value/)
    const u = emulatorContext(fx)
    expect(await u.run(['chat', 'weather-bot', '-m', 'hi', '--tool-env', 'AGENTRY_API_KEY'])).toBe(2)
    expect(u.stderr()).toMatch(/give --tool-handler too/)
  })
})
