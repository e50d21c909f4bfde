// Each way a request fails to reach its server gets its own words and hint, with the host (issue 37 item 2).
import { describe, expect, it } from 'vitest'
import { describeNetworkFailure } from '../../src/api/network-failure.js'

const url = 'https://brightsy.ai/api/v1beta/acc/agents'
const failure = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${code} failure`), { code, ...extra })

describe('describeNetworkFailure', () => {
  it('DNS: the name does not resolve, with the host, and --emulator for offline', () => {
    const d = describeNetworkFailure(failure('ENOTFOUND', { hostname: 'brightsy.ai' }), url, {})
    expect(d).toMatchObject({ reason: 'dns', notSent: true })
    expect(d?.message).toBe('could not reach brightsy.ai: the name brightsy.ai does not resolve (ENOTFOUND)')
    expect(d?.hint).toMatch(/network connection .* --emulator/)
    expect(describeNetworkFailure(failure('EAI_AGAIN'), url, {})?.message).toMatch(/temporary DNS failure/)
  })

  it('refused, reset, unreachable and connect timeouts each their own', () => {
    expect(describeNetworkFailure(failure('ECONNREFUSED'), url, {})).toMatchObject({
      reason: 'refused',
      message: 'could not reach brightsy.ai: the connection was refused (ECONNREFUSED)',
      hint: expect.stringMatching(/is the server running/),
    })
    expect(describeNetworkFailure(failure('ECONNRESET'), url, {})).toMatchObject({
      reason: 'reset',
      notSent: false,
      hint: expect.stringMatching(/connection to brightsy\.ai was closed/),
    })
    expect(describeNetworkFailure(failure('ENETUNREACH'), url, {})?.reason).toBe('unreachable')
    expect(describeNetworkFailure(failure('UND_ERR_CONNECT_TIMEOUT'), url, {})).toMatchObject({
      reason: 'connect-timeout',
      message: expect.stringMatching(/could not be made in time/),
    })
  })

  it('TLS: the certificate, with the host, and the way for a TLS-inspecting proxy', () => {
    for (const code of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      const d = describeNetworkFailure(failure(code), url, {})
      expect(d?.reason).toBe('tls')
      expect(d?.message).toMatch(/^could not reach brightsy\.ai: its TLS certificate could not be verified/)
      expect(d?.hint).toMatch(/NODE_EXTRA_CA_CERTS/)
    }
  })

  it('names the proxy when the request went through one (its credentials never shown), not when NO_PROXY spares the host', () => {
    const env = { HTTPS_PROXY: 'http://user:secret@proxy.corp:3128' }
    const refused = describeNetworkFailure(failure('ECONNREFUSED'), url, env)
    expect(refused).toMatchObject({ reason: 'proxy' })
    expect(refused?.message).toBe(
      'could not reach brightsy.ai: the proxy HTTPS_PROXY=http://proxy.corp:3128 refused the connection (ECONNREFUSED)',
    )
    const dns = describeNetworkFailure(failure('ENOTFOUND', { hostname: 'proxy.corp' }), url, env)
    expect(dns?.message).toMatch(/the name proxy\.corp does not resolve/)
    expect(dns?.hint).toMatch(/through the proxy HTTPS_PROXY=http:\/\/proxy\.corp:3128/)
    const tunnel = describeNetworkFailure(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), url, env)
    expect(tunnel).toMatchObject({ reason: 'proxy', hint: expect.stringMatching(/wants credentials/) })
    for (const d of [refused, dns, tunnel]) expect(JSON.stringify(d)).not.toContain('secret')
    const spared = describeNetworkFailure(failure('ECONNREFUSED'), url, { ...env, NO_PROXY: '.brightsy.ai' })
    expect(spared?.reason).toBe('refused')
    // a plain-http URL goes by HTTP_PROXY, not HTTPS_PROXY
    expect(describeNetworkFailure(failure('ECONNREFUSED'), 'http://127.0.0.1:9/x', env)?.reason).toBe('refused')
  })

  it('says nothing of an error that is not the network', () => {
    expect(describeNetworkFailure(new Error('boom'), url, {})).toBeUndefined()
  })
})
