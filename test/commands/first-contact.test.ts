// A new user's first commands (issue 37): with nothing configured the way on is named (login, --from-brightsy,
// --emulator); whoami checks the credential with the agents list on a server that has no /api-keys route; a stored
// credential goes only to the server it was stored for (capture servers for --base-url, AGENTRY_BASE_URL and a profile
// edit), an explicit one anywhere; the official MCP server's variables alone list agents.
import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFile, credentialsFile } from '../../src/config/paths.js'
import { loadCredentials } from '../../src/config/store.js'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { documentedAccount, documentedRoutes } from '../helpers/documented-routes.js'
import { type TestContextOptions, testContext } from '../helpers/test-context.js'

/** Nothing configured: no base URL, account or credential from the environment. */
const nothing = {
  AGENTRY_API_KEY: undefined,
  AGENTRY_ACCOUNT: undefined,
  AGENTRY_BASE_URL: undefined,
}
const storedKey = 'agk_stored_0123456789abcdef'
const explicitKey = 'agk_explicit_0123456789abcdef'

describe('with nothing configured', () => {
  it('agents list names agentry login, --from-brightsy and --emulator, and sends nothing (exit 4)', async () => {
    const t = testContext({ env: nothing })
    // the MockAgent refuses any request: one sent would be a network error (8), not this
    expect(await t.run(['agents', 'list'])).toBe(4)
    const lines = t.stderr().trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^error: not logged in \(profile default\): to get started, run agentry login /)
    expect(lines[0]).toMatch(/agentry login --from-brightsy/)
    expect(lines[1]).toMatch(/^hint: to try agentry with no account: agentry --emulator agents list/)
    expect(t.stderr()).not.toMatch(/no account id is set/)
  })

  it.each([[['api', 'GET', '/{accountId}/agents']], [['cms', 'query', 'posts']], [['chat', 'ag_1', '-m', 'hi']]])(
    '%j says the same',
    async (argv) => {
      const t = testContext({ env: nothing })
      expect(await t.run(argv)).toBe(4)
      expect(t.stderr()).toMatch(/^error: not logged in \(profile default\): to get started, run agentry login /)
    },
  )

  it('a key without an account: never a lone "no account id is set"', async () => {
    const t = testContext({ env: { ...nothing, AGENTRY_API_KEY: explicitKey } })
    expect(await t.run(['agents', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/no account id is set/)
    expect(t.stderr()).toMatch(/hint: log in \(agentry login sets it\), or pass --account .*--emulator/)
  })

  it('doctor lists every missing piece, then the way on (exit 4), without a request', async () => {
    const t = testContext({ env: nothing })
    expect(await t.run(['doctor'])).toBe(4)
    expect(t.stderr()).toMatch(/^base-url: https:\/\/brightsy\.ai\/api\/v1beta \(default\) — the service itself$/m)
    expect(t.stderr()).toMatch(/^account: missing — agentry login sets it/m)
    expect(t.stderr()).toMatch(/^credential: missing — agentry login/m)
    expect(t.stderr()).toMatch(/error: not ready to reach the service: account missing, credential missing/)
    expect(t.stderr()).toMatch(/hint: to get started: agentry login .*--emulator doctor/)
    const json = testContext({ env: nothing })
    expect(await json.run(['doctor', '--json'])).toBe(4)
    const report = JSON.parse(json.stdout()) as { setup: { check: string; state: string }[] }
    expect(report.setup.map((r) => [r.check, r.state])).toEqual([
      ['base-url', 'ok'],
      ['account', 'missing'],
      ['credential', 'missing'],
      ['credential-server', 'missing'],
    ])
  })
})

describe('against servers that know only the documented routes', () => {
  let home: DocumentedServer
  let other: DocumentedServer
  beforeAll(async () => {
    ;[home, other] = await Promise.all([
      startDocumentedServer(documentedRoutes()),
      startDocumentedServer(documentedRoutes()),
    ])
  })
  afterAll(() => Promise.all([home.close(), other.close()]))
  const origin = (s: DocumentedServer) => new URL(s.baseUrl).origin

  /** A context on 127.0.0.1 with nothing configured but `env`. */
  function local(env: Record<string, string | undefined>, opts: TestContextOptions = {}) {
    const t = testContext({ ...opts, env: { ...nothing, ...env } })
    t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
    return t
  }

  /** A profile logged in with a key against `home` (login --with-api-key, checked there). */
  async function loggedInAtHome() {
    const t = local({ AGENTRY_ACCOUNT: documentedAccount }, { stdin: storedKey })
    expect(await t.run(['--base-url', home.baseUrl, 'login', '--with-api-key']), t.stderr()).toBe(0)
    expect(t.stderr()).toContain(`it is sent only to ${origin(home)}`)
    return t
  }

  describe('whoami (issue 37 item 4)', () => {
    it('a key the server takes: exit 0, checked with the agents list, never /api-keys', async () => {
      const t = local({ AGENTRY_BASE_URL: home.baseUrl, AGENTRY_ACCOUNT: documentedAccount, AGENTRY_API_KEY: 'k_1' })
      const before = home.requests.length
      expect(await t.run(['whoami', '--json']), t.stderr()).toBe(0)
      expect(JSON.parse(t.stdout())).toMatchObject({ check: 'valid', source: 'AGENTRY_API_KEY' })
      expect(home.requests.slice(before)).toEqual([{ method: 'GET', path: `/${documentedAccount}/agents` }])
    })

    it('a refused key exits 4; an unreachable service says so (exit 8)', async () => {
      const refusing = await startDocumentedServer([
        {
          method: 'GET',
          pattern: '/{accountId}/agents',
          handle: ({ res }) => {
            res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid key"}}')
          },
        },
      ])
      try {
        const t = local({ AGENTRY_BASE_URL: refusing.baseUrl, AGENTRY_ACCOUNT: 'a', AGENTRY_API_KEY: 'k_bad' })
        expect(await t.run(['whoami'])).toBe(4)
        expect(t.stdout()).toMatch(/check\s+rejected/)
        expect(t.stderr()).toMatch(/error: the service refused this credential \(AGENTRY_API_KEY\)/)
      } finally {
        await refusing.close()
      }
      const gone = local({ AGENTRY_BASE_URL: refusing.baseUrl, AGENTRY_ACCOUNT: 'a', AGENTRY_API_KEY: 'k_bad' })
      expect(await gone.run(['--retries', '0', 'whoami', '--json'])).toBe(8)
      expect(JSON.parse(gone.stdout())).toMatchObject({ check: 'unreachable' })
      expect(gone.stderr()).toMatch(/could not reach 127\.0\.0\.1:\d+: the connection was refused/)
    })
  })

  describe('a stored key goes only to its server (issue 37 item 5)', () => {
    it('is sent to the server it was stored for', async () => {
      const t = await loggedInAtHome()
      const before = home.sent.length
      expect(await t.run(['agents', 'list', '--json']), t.stderr()).toBe(0)
      expect(home.sent.slice(before).map((r) => r.authorization)).toEqual([`Bearer ${storedKey}`])
    })

    it.each([
      ['--base-url', (url: string) => ({ argv: ['--base-url', url], env: {} })],
      ['AGENTRY_BASE_URL', (url: string) => ({ argv: [], env: { AGENTRY_BASE_URL: url } })],
      ['BRIGHTSY_API_URL', (url: string) => ({ argv: [], env: { BRIGHTSY_API_URL: new URL(url).origin } })],
    ])('is refused before any request when %s points elsewhere (exit 4)', async (from, pointing) => {
      const t = await loggedInAtHome()
      t.clearOutput()
      const { argv, env } = pointing(other.baseUrl)
      const u = local({ AGENTRY_ACCOUNT: documentedAccount, ...env }, { configDir: t.configDir })
      const before = other.sent.length
      expect(await u.run([...argv, 'agents', 'list'])).toBe(4)
      expect(other.sent.length).toBe(before)
      expect(u.stderr()).toContain(
        `error: the API key stored for profile default was made for ${origin(home)}; this run points at ${origin(other)} (${from})`,
      )
      expect(u.stderr()).toMatch(
        /hint: log in there .*--api-key-file <path>, AGENTRY_API_KEY, BRIGHTSY_API_KEY or BRIGHTSY_API_TOKEN/,
      )
      expect(u.stderr()).not.toContain(storedKey)
    })

    it('is refused after a profile edit points elsewhere, and after the base URL is unset', async () => {
      const t = await loggedInAtHome()
      expect(await t.run(['config', 'set', 'base-url', other.baseUrl])).toBe(0)
      t.clearOutput()
      const before = other.sent.length
      expect(await t.run(['agents', 'list'])).toBe(4)
      expect(other.sent.length).toBe(before)
      expect(t.stderr()).toMatch(/this run points at http:\/\/127\.0\.0\.1:\d+ \(default\)/)
      // unset: the service itself (refused before anything is sent, or the MockAgent would answer 8)
      expect(await t.run(['config', 'unset', 'base-url'])).toBe(0)
      t.clearOutput()
      expect(await t.run(['agents', 'list'])).toBe(4)
      expect(t.stderr()).toContain('this run points at https://brightsy.ai (default)')
    })

    it('a key given for the run goes where the run points', async () => {
      const t = await loggedInAtHome()
      const u = local({ AGENTRY_ACCOUNT: documentedAccount, AGENTRY_API_KEY: explicitKey }, { configDir: t.configDir })
      const before = other.sent.length
      expect(await u.run(['--base-url', other.baseUrl, 'agents', 'list', '--json']), u.stderr()).toBe(0)
      expect(other.sent.slice(before).map((r) => r.authorization)).toEqual([`Bearer ${explicitKey}`])
    })

    it('a key stored before credentials named their server is bound to its profile base URL once, with a note', async () => {
      const t = local({ AGENTRY_ACCOUNT: documentedAccount })
      await writeFile(configFile(t.configDir), JSON.stringify({ profiles: { default: { baseUrl: home.baseUrl } } }))
      await writeFile(credentialsFile(t.configDir), JSON.stringify({ profiles: { default: { apiKey: storedKey } } }), {
        mode: 0o600,
      })
      expect(await t.run(['agents', 'list', '--json']), t.stderr()).toBe(0)
      expect(t.stderr()).toMatch(
        /note: the credential of profile default was stored before .* now bound to http:\/\/127/,
      )
      expect((await loadCredentials(t.configDir)).profiles.default?.origin).toBe(origin(home))
      t.clearOutput()
      expect(await t.run(['agents', 'list', '--json'])).toBe(0)
      expect(t.stderr()).toBe('')
      expect(await t.run(['--base-url', other.baseUrl, 'agents', 'list'])).toBe(4)
    })
  })

  it('BRIGHTSY_API_URL, BRIGHTSY_API_TOKEN and BRIGHTSY_ACCOUNT_ID alone list agents from their server (item 7)', async () => {
    const token = 'bsy_at_0123456789abcdef'
    const env = { BRIGHTSY_API_URL: origin(home), BRIGHTSY_API_TOKEN: token, BRIGHTSY_ACCOUNT_ID: documentedAccount }
    const t = local(env)
    const before = home.sent.length
    expect(await t.run(['agents', 'list', '--json']), t.stderr()).toBe(0)
    expect(JSON.parse(t.stdout()).length).toBeGreaterThan(0)
    expect(home.sent.slice(before)).toEqual([
      { method: 'GET', path: `/${documentedAccount}/agents`, authorization: `Bearer ${token}` },
    ])
    t.clearOutput()
    expect(await t.run(['config', 'list', '--json'])).toBe(0)
    const rows = JSON.parse(t.stdout()) as { key: string; value: unknown; origin: string }[]
    expect(rows.find((r) => r.key === 'base-url')).toMatchObject({ value: home.baseUrl, origin: 'BRIGHTSY_API_URL' })
    expect(rows.find((r) => r.key === 'credential')).toMatchObject({ value: 'token', origin: 'BRIGHTSY_API_TOKEN' })
    t.clearOutput()
    expect(await t.run(['whoami', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ kind: 'token', source: 'BRIGHTSY_API_TOKEN', check: 'valid' })
    expect(t.stdout()).not.toContain(token)
    // agentry's own names come first
    const ours = local({ ...env, AGENTRY_BASE_URL: other.baseUrl, AGENTRY_API_KEY: explicitKey })
    const otherBefore = other.sent.length
    expect(await ours.run(['agents', 'list', '--json'])).toBe(0)
    expect(other.sent.slice(otherBefore).map((r) => r.authorization)).toEqual([`Bearer ${explicitKey}`])
  })
})
