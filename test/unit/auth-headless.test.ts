// The pieces of the headless logins: a pasted authorization response (state checked), the RFC 9207 iss check, the
// device poll honouring slow_down (RFC 8628 3.5), and the client stored per base URL.
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { loadStoredClient, saveStoredClient } from '../../src/auth/client-store.js'
import { pollDeviceToken } from '../../src/auth/device-flow.js'
import { checkResponseIssuer, type OAuthMetadata, oauthHttp } from '../../src/auth/oauth.js'
import { parsePasted, readPastedResponse } from '../../src/auth/paste.js'
import { resourceIndicator } from '../../src/auth/resource-indicator.js'
import { loadCredentials, updateCredentials } from '../../src/config/store.js'
import { testBaseUrl, testContext, testOrigin } from '../helpers/test-context.js'
import { exitCodeOf } from '../../src/errors.js'

const state = 'st_0123456789'

/** The device flow's polling against the test's stubbed token endpoint, at time 0, its waits handed to `sleep`. */
async function poll(t: ReturnType<typeof testContext>, interval: number, sleep = async (_ms: number) => {}) {
  return pollDeviceToken(
    { device_code: 'dc_1', user_code: 'BCDF-GHJK', verification_uri: 'x', expires_in: 600, interval },
    {
      http: await oauthHttp(t.ctx),
      tokenEndpoint: `${testOrigin}/oauth/token`,
      clientId: 'cl_1',
      signal: new AbortController().signal,
      now: () => 0,
      sleep,
    },
  )
}
describe('parsePasted', () => {
  it('takes a full redirect address, its query string, or the bare code', () => {
    expect(parsePasted(`http://127.0.0.1:4000/callback?code=c1&state=${state}&iss=http%3A%2F%2Fh`, state)).toEqual({
      result: { code: 'c1', iss: 'http://h' },
    })
    expect(parsePasted(`?state=${state}&code=c2`, state)).toEqual({ result: { code: 'c2' } })
    expect(parsePasted('  c3  ', state)).toEqual({ result: { code: 'c3', codeOnly: true } })
    expect(parsePasted(`http://x/cb?error=access_denied&error_description=no&state=${state}`, state)).toEqual({
      result: { error: 'access_denied', errorDescription: 'no' },
    })
  })

  it('refuses another login, an address without state, or something that is no code', () => {
    expect(parsePasted('http://x/cb?code=c&state=other', state)).toEqual({
      problem: expect.stringMatching(/another login/),
    })
    expect(parsePasted('http://x/cb?code=c', state)).toEqual({ problem: expect.stringMatching(/no state/) })
    expect(parsePasted(`http://x/cb?state=${state}`, state)).toEqual({ problem: expect.stringMatching(/neither/) })
    expect(parsePasted('two words', state)).toEqual({ problem: expect.stringMatching(/not a code/) })
  })

  it('reads lines until a good one, reporting the refused ones; end of input leaves it pending', async () => {
    const input = new PassThrough()
    const refused: string[] = []
    const reader = readPastedResponse(input, state, (p) => refused.push(p))
    input.write('\nhttp://x/cb?code=c&state=bad\r\n')
    input.write(`http://x/cb?code=good&state=${state}\n`)
    await expect(reader.result).resolves.toEqual({ code: 'good' })
    expect(refused).toEqual([expect.stringMatching(/another login/)])
    // the input ends with nothing pasted: once the reader has seen the end (its listener runs before the test's),
    // the result has not settled
    const empty = new PassThrough()
    const idle = readPastedResponse(empty, state, () => {})
    let settled = false
    void idle.result.then(() => {
      settled = true
    })
    const ended = once(empty, 'end')
    empty.end()
    await ended
    expect(settled).toBe(false)
    idle.stop()
  })
})

describe('checkResponseIssuer (RFC 9207)', () => {
  const meta = { issuer: testOrigin, authorization_endpoint: 'x', token_endpoint: 'y' } as OAuthMetadata
  it('accepts the issuer, refuses another, and refuses none when the server promises iss', () => {
    expect(() => checkResponseIssuer(meta, testOrigin)).not.toThrow()
    expect(() => checkResponseIssuer(meta, undefined)).not.toThrow()
    expect(() => checkResponseIssuer(meta, 'http://evil.test')).toThrow(/another issuer/)
    const promised = { ...meta, authorization_response_iss_parameter_supported: true }
    expect(() => checkResponseIssuer(promised, undefined)).toThrow(/has no iss/)
  })
})

describe('pollDeviceToken', () => {
  it('waits the interval, keeps polling while pending, adds 5 s on slow_down, and returns the tokens', async () => {
    const t = testContext()
    const answers: { statusCode: number; data: Record<string, unknown> }[] = [
      { statusCode: 400, data: { error: 'authorization_pending' } },
      { statusCode: 400, data: { error: 'slow_down' } },
      { statusCode: 400, data: { error: 'authorization_pending' } },
      { statusCode: 200, data: { access_token: 'at_device_0123', token_type: 'Bearer', expires_in: 60 } },
    ]
    const forms: string[] = []
    for (const a of answers)
      t.http.post('/oauth/token').reply((req) => {
        forms.push(String(req.body))
        return a
      })
    const waits: number[] = []
    const tokens = await poll(t, 2, async (ms) => void waits.push(ms))
    expect(tokens.access_token).toBe('at_device_0123')
    expect(waits).toEqual([2000, 2000, 7000, 7000])
    expect(new URLSearchParams(forms[0])).toEqual(
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: 'dc_1',
        client_id: 'cl_1',
      }),
    )
  })

  it.each([
    ['access_denied', 4],
    ['expired_token', 124],
  ] as const)('stops on %s (exit %i)', async (error, exit) => {
    const t = testContext()
    t.http.post('/oauth/token').reply(400, { error })
    const err = await poll(t, 1).catch((e: unknown) => e)
    expect(exitCodeOf(err)).toBe(exit)
  })
})

describe('the stored OAuth client', () => {
  it('is kept per base URL next to the grants, survives grant updates, and can be forgotten', async () => {
    const t = testContext()
    const dir = t.configDir
    expect(await loadStoredClient(dir, 'https://a.test/api/v1beta')).toBeUndefined()
    await saveStoredClient(dir, 'https://a.test/api/v1beta/', {
      clientId: 'cl_a',
      issuer: 'https://a.test',
      grantTypes: [],
    })
    await updateCredentials(dir, (c) => {
      c.profiles.default = { apiKey: 'agk_x_0123456789' }
    })
    expect(await loadStoredClient(dir, 'https://a.test/api/v1beta')).toMatchObject({ clientId: 'cl_a' })
    expect(await loadStoredClient(dir, 'https://b.test/api/v1beta')).toBeUndefined()
    await saveStoredClient(dir, 'https://a.test/api/v1beta', undefined)
    expect(await loadStoredClient(dir, 'https://a.test/api/v1beta')).toBeUndefined()
    expect((await loadCredentials(dir)).profiles.default?.apiKey).toBe('agk_x_0123456789')
  })
})

describe('resourceIndicator (RFC 8707 from RFC 9728)', () => {
  it('is the base URL only when the protected resource metadata names it', async () => {
    const path = '/.well-known/oauth-protected-resource/api/v1beta'
    const cases: [number, object, string | undefined][] = [
      [200, { resource: testBaseUrl, authorization_servers: [testOrigin] }, testBaseUrl],
      [200, { resource: 'https://elsewhere.test/api' }, undefined],
      [404, { error: { message: 'no route' } }, undefined],
    ]
    for (const [status, body, expected] of cases) {
      const t = testContext()
      t.http.get(path).reply(status, body)
      expect(await resourceIndicator(t.ctx, await oauthHttp(t.ctx), testBaseUrl)).toBe(expected)
    }
  })
})
