// How a call travels, end to end: a request read whole goes by node:http(s) when no proxy is set
// (src/api/plain-http.ts), by undici's proxy-aware agent when one is (HTTP_PROXY/HTTPS_PROXY, NO_PROXY), so a proxy
// must see every call and NO_PROXY keep a host away from it; an https base URL is verified against the system's CAs
// and NODE_EXTRA_CA_CERTS (test/fixtures/tls: a self-signed certificate for 127.0.0.1). The runs undici carries also
// load each HTTP/1 parser kept beside its chunk (dist/chunks/undici/*.cjs, scripts/build.mjs) when undici asks for it:
// llhttp with SIMD (the default), without (UNDICI_NO_WASM_SIMD), and Milo (UNDICI_USE_MILO).
import { readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })
/** What the proxy was asked: `CONNECT host:port` tunnels and absolute-form requests. */
const seen: string[] = []
let proxy: Server
let proxyUrl = ''
beforeAll(async () => {
  proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const out = request(req.url!, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(res)
    })
    req.pipe(out)
  })
  proxy.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url}`)
    const [host, port] = req.url!.split(':')
    const server = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      server.write(head)
      server.pipe(client).pipe(server)
    })
    server.on('error', () => client.destroy())
  })
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
afterAll(() => proxy.close())

it('an https base URL: verified (a self-signed certificate is refused, exit 8), trusted with NODE_EXTRA_CA_CERTS', async () => {
  const tls = new URL('../fixtures/tls/', import.meta.url)
  const server = createTlsServer(
    { key: readFileSync(new URL('key.pem', tls)), cert: readFileSync(new URL('cert.pem', tls)) },
    async (req, res) => {
      const answer = await fetch(`${fx.emu.url}${req.url}`, { headers: { authorization: req.headers.authorization! } })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    },
  )
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  try {
    const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1beta`
    const refused = await runCli(['agents', 'list', '--json'], { env: { ...fx.env(), AGENTRY_BASE_URL: baseUrl } })
    expect(refused.exitCode).toBe(8)
    expect(refused.stderr).toMatch(/self-signed certificate/)
    const env = { ...fx.env(), AGENTRY_BASE_URL: baseUrl, NODE_EXTRA_CA_CERTS: new URL('cert.pem', tls).pathname }
    const r = await runCli(['agents', 'list', '--json'], { env })
    expect(r.exitCode, r.stderr).toBe(0)
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0)
  } finally {
    server.close()
  }
})

it('HTTP_PROXY (or http_proxy) carries a plain JSON call; NO_PROXY keeps the host away from it; each HTTP/1 parser loads', async () => {
  const host = new URL(fx.emu.baseUrl).host
  // (the parsers' runs were test/e2e/startup-modules.test.ts' own, with a proxy NO_PROXY bypassed, as `direct` is)
  for (const [name, parser] of [
    ['HTTP_PROXY', {}],
    ['http_proxy', { UNDICI_NO_WASM_SIMD: '1' }],
  ] as const) {
    seen.length = 0
    const r = await runCli(['agents', 'list', '--json'], { env: { ...fx.env(), [name]: proxyUrl, ...parser } })
    expect(r.exitCode, r.stderr).toBe(0)
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0)
    expect(
      seen.some((s) => s.includes(host)),
      seen.join('\n'),
    ).toBe(true)
  }
  seen.length = 0
  const direct = await runCli(['agents', 'list', '--json'], {
    env: { ...fx.env(), HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1', UNDICI_USE_MILO: '1' },
  })
  expect(direct.exitCode, direct.stderr).toBe(0)
  expect((JSON.parse(direct.stdout) as unknown[]).length).toBeGreaterThan(0)
  expect(seen).toEqual([])
})
