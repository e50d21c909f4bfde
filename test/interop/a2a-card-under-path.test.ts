// `agentry a2a card|send <endpoint URL>` against the 0.3 SDK's own server mounted under a path (A2AExpressApp with a
// base URL): its card is at `<endpoint>/.well-known/agent-card.json`, not at the origin's well-known path. The CLI
// tries the URL, then the origin's well-known card, then the one under the given path; a card that names the given
// URL as its endpoint wins over another agent's card at the origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testContext } from '../helpers/test-context.js'
import { type SdkServer, startSdk03ServerUnder } from './a2a-sdk-servers.js'

const servers: SdkServer[] = []
let alone: SdkServer
let shared: SdkServer
beforeAll(async () => {
  alone = await startSdk03ServerUnder('/a2a/jsonrpc')
  shared = await startSdk03ServerUnder('/a2a/jsonrpc', { name: 'Another agent' })
  servers.push(alone, shared)
})
afterAll(async () => {
  for (const s of servers) await s.close()
})

/** The CLI in-process with no service configured; only 127.0.0.1 is reachable. */
function cli() {
  const t = testContext({ env: { AGENTRY_BASE_URL: undefined, AGENTRY_API_KEY: undefined } })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  return t
}

describe('a2a card and send with the URL of an endpoint whose card is mounted under it (@a2a-js/sdk 0.3)', () => {
  it('finds the card under the given path when the origin has none', async () => {
    const t = cli()
    expect(await t.run(['a2a', 'card', `${alone.origin}/a2a/jsonrpc`, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).name).toBe('Echo under a path')
    const send = cli()
    expect(await send.run(['a2a', 'send', `${alone.origin}/a2a/jsonrpc`, '-m', 'hello'])).toBe(0)
    expect(send.stdout()).toBe('echo: hello\n')
  })

  it("prefers the card naming the given endpoint over another agent's card at the origin", async () => {
    const t = cli()
    expect(await t.run(['a2a', 'card', `${shared.origin}/a2a/jsonrpc/`, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).name).toBe('Echo under a path')
    const origin = cli()
    expect(await origin.run(['a2a', 'card', shared.origin, '--json'])).toBe(0)
    expect(JSON.parse(origin.stdout()).name).toBe('Another agent')
  })

  it('names every place it looked when none has a card (exit 3)', async () => {
    const t = cli()
    expect(await t.run(['a2a', 'card', `${alone.origin}/nothing/here`])).toBe(3)
    expect(t.stderr()).toContain(`no A2A agent card found for ${alone.origin}/nothing/here`)
    expect(t.stderr()).toContain(`GET ${alone.origin}/.well-known/agent-card.json → 404`)
    expect(t.stderr()).toContain(`GET ${alone.origin}/nothing/here/.well-known/agent-card.json → 404`)
  })
})
