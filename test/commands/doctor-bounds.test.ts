// `agentry doctor` when the service cannot be reached or answers without end (issue 37 items 2, 3): the network
// problem said once, nothing else blamed, no probe after it; a body that never ends or is 1 GB cannot hold the run
// past its bound (--max-time; a short one here) nor fill the memory (1 MiB an answer).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startDocumentedServer } from '../helpers/documented-server.js'
import { documentedAccount, documentedRoutes } from '../helpers/documented-routes.js'
import { testAccount, testContext } from '../helpers/test-context.js'

const dnsFailure = () =>
  Object.assign(new Error('getaddrinfo ENOTFOUND agentry.test'), { code: 'ENOTFOUND', hostname: 'agentry.test' })

interface Row {
  operation: string
  verdict: string
  detail?: string
}

describe('offline', () => {
  it('agents list: the name did not resolve, with the host (exit 8, reason dns in JSON)', async () => {
    const t = testContext({ env: { AGENTRY_RETRIES: '0' } })
    t.agent
      .get('http://agentry.test')
      .intercept({ path: (p) => p.startsWith(`/api/v1beta/${testAccount}/agents`), method: 'GET' })
      .replyWithError(dnsFailure())
      .times(2)
    expect(await t.run(['agents', 'list'])).toBe(8)
    expect(t.stderr()).toMatch(/error: GET .*: could not reach agentry\.test: the name agentry\.test does not resolve/)
    expect(t.stderr()).toMatch(/hint: check your network connection .*--emulator/)
    t.clearOutput()
    expect(await t.run(['--error-format', 'json', 'agents', 'list'])).toBe(8)
    expect(JSON.parse(t.stderr()).error).toMatchObject({ kind: 'network', reason: 'dns', exitCode: 8 })
  })

  it('doctor: the network problem once, no other probe, nothing else blamed (exit 8)', async () => {
    const t = testContext()
    // one request answered, with the DNS failure: a second one would meet the MockAgent's refusal instead
    t.agent
      .get('http://agentry.test')
      .intercept({ path: () => true, method: () => true })
      .replyWithError(dnsFailure())
    expect(await t.run(['doctor', '--json'])).toBe(8)
    const report = JSON.parse(t.stdout()) as { probes: Row[]; stopped: string }
    expect(report.stopped).toBe('unreachable')
    const sent = report.probes.filter((r) => r.verdict !== 'not-probed')
    expect(sent.map((r) => r.verdict)).toEqual(['unreachable'])
    expect(
      report.probes.filter((r) => r.verdict === 'not-probed').every((r) => /could not be reached/.test(r.detail ?? '')),
    ).toBe(true)
    const stderr = t.stderr()
    expect(stderr.match(/does not resolve/g)).toHaveLength(1)
    expect(stderr).toMatch(/error: could not reach the service, so no operation was probed further/)
    expect(stderr).not.toMatch(/did not answer as declared|bug report/)
  })
})

describe('a server whose answers never end', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((r) => server?.close(r))
  })

  /** A server on 127.0.0.1 that answers every request with `start`. */
  async function serve(start: (res: import('node:http').ServerResponse) => void): Promise<string> {
    server = createServer((_req, res) => start(res))
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1beta`
  }

  it('a body that never ends: doctor stops at its bound, says so (exit 124)', async () => {
    const baseUrl = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"data": [')
    })
    const t = testContext({ env: { AGENTRY_BASE_URL: baseUrl } })
    t.agent.enableNetConnect(/^127\.0\.0\.1:/)
    expect(await t.run(['doctor', '--max-time', '1', '--json'])).toBe(124)
    expect(t.stderr()).toMatch(/error: doctor did not finish within --max-time 1 s/)
    const report = JSON.parse(t.stdout()) as { probes: Row[]; stopped: string }
    expect(report.stopped).toBe('bound')
    expect(t.stderr()).not.toMatch(/bug report/)
  })

  it('a 1 GB body: each probe reads at most 1 MiB and says the answer is too long', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let written = 0
    const baseUrl = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 ** 3) })
      const pump = () => {
        while (!res.destroyed && written < 1024 ** 3) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
      }
      pump()
    })
    const t = testContext({ env: { AGENTRY_BASE_URL: baseUrl } })
    t.agent.enableNetConnect(/^127\.0\.0\.1:/)
    const code = await t.run(['doctor', '--json'])
    const report = JSON.parse(t.stdout()) as { probes: Row[] }
    const probed = report.probes.filter((r) => r.verdict !== 'not-probed')
    expect(probed.length).toBeGreaterThan(0)
    for (const r of probed) expect(r.detail).toMatch(/an answer over 1048576 bytes/)
    expect(code).toBe(7)
    // far less than the gigabyte was sent before the connections were closed
    expect(written).toBeLessThan(probed.length * 64 * 1024 ** 2)
  })
})

describe('a connection reset on one operation', () => {
  it('is counted as a lost connection, not as an answer that differs', async () => {
    const doc = await startDocumentedServer([
      { method: 'GET', pattern: '/{accountId}/agents', handle: ({ req }) => void req.socket.destroy() },
      ...documentedRoutes(),
    ])
    try {
      const t = testContext({ env: { AGENTRY_BASE_URL: doc.baseUrl, AGENTRY_ACCOUNT: documentedAccount } })
      t.agent.enableNetConnect(/^127\.0\.0\.1:/)
      await t.run(['doctor', '--json'])
      const report = JSON.parse(t.stdout()) as { probes: Row[]; stopped?: string }
      expect(report.stopped).toBeUndefined()
      expect(report.probes.find((r) => r.operation === 'agentsList')?.verdict).toBe('failed')
      expect(t.stderr()).toMatch(/; 1 lost the connection/)
      expect(t.stderr()).toMatch(/error: .*1 lost the connection before the answer was complete/)
    } finally {
      await doc.close()
    }
  })
})
