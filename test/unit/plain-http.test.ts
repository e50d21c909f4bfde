// The node:http path of the one request function (src/api/plain-http.ts) takes as many requests at once as the run
// asks for, as undici does: a batch at --concurrency 64 must not be held to a connection cap of the transport's own.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { PlainHttp } from '../../src/api/plain-http.js'

const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

it('sends 40 requests at once: none waits for another to finish', async () => {
  const held: ServerResponse[] = []
  // the server answers only once all 40 are in: with a cap below 40 on the client, this never happens
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    held.push(res)
    if (held.length === 40) for (const r of held) r.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const client = new PlainHttp()
  closers.push(() => {
    client.close()
    server.closeAllConnections()
    server.close()
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const signal = AbortSignal.timeout(10_000)
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => client.request(url, { method: 'GET', headers: {}, signal })),
  )
  expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200))
  await Promise.all(answers.map((a) => a.body.dump()))
})
