// `login --device` and its refusals, in-process: a server without device authorization is named with the way out,
// --device cannot go with --with-api-key, and a stored client the server no longer knows is registered anew.
import { describe, expect, it } from 'vitest'
import { saveStoredClient } from '../../src/auth/client-store.js'
import { loadCredentials } from '../../src/config/store.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { decideDevice } from '../helpers/oauth-browser.js'
import { testContext, testOrigin } from '../helpers/test-context.js'
import { pollUntil } from '../helpers/poll.js'

// polled every 50 ms, not the emulator's 1 s: what is checked is the client registered anew, not the pace
const fx = emulatorFixture({ emulator: { devicePollSeconds: 0.05 } })

describe('login --device', () => {
  it('exits 4 naming the alternative when the server offers no device authorization', async () => {
    const t = testContext({ env: { AGENTRY_API_KEY: undefined } })
    t.http.get('/.well-known/oauth-authorization-server').reply(200, {
      issuer: testOrigin,
      authorization_endpoint: `${testOrigin}/oauth/authorize`,
      token_endpoint: `${testOrigin}/oauth/token`,
    })
    expect(await t.run(['login', '--device'])).toBe(4)
    expect(t.stderr()).toMatch(/does not offer device authorization \(RFC 8628\)/)
    expect(t.stderr()).toMatch(/login --no-browser/)
  })

  it('is a usage error together with --with-api-key', async () => {
    const t = testContext()
    expect(await t.run(['login', '--device', '--with-api-key'])).toBe(2)
    expect(t.stderr()).toMatch(/--device and --with-api-key cannot be used together/)
  })

  it('registers a new client when the stored one is unknown to the server, and logs in', async () => {
    const t = emulatorContext(fx, { env: { AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined } })
    const baseUrl = fx.emu.baseUrl
    const stale = {
      clientId: 'agcl_gone',
      issuer: fx.emu.url,
      grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'],
    }
    await saveStoredClient(t.configDir, baseUrl, stale)
    const login = t.run(['login', '--device'])
    const asked = /open (\S+) on any device and enter the code (\S+)/
    await pollUntil(() => asked.test(t.stderr()), { timeoutMs: 2000, what: 'the device code' })
    const m = asked.exec(t.stderr())
    expect((await decideDevice(m![1]!, m![2]!)).status).toBe(200)
    expect(await login).toBe(0)
    const creds = await loadCredentials(t.configDir)
    const clients = (creds as { oauthClients?: Record<string, { clientId: string }> }).oauthClients
    const clientId = clients?.[baseUrl]?.clientId
    expect(clientId).toMatch(/^agcl_/)
    expect(clientId).not.toBe('agcl_gone')
    expect(creds.profiles.default?.oauth?.clientId).toBe(clientId)
  })
})
