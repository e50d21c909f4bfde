// The emulator as a local server people can trust (issue 8 items 3 and 4; wire.md "The emulator's own endpoints"):
// hooks need the hook token and refuse cross-origin calls, every request must name the emulator as its Host (DNS
// rebinding), bodies nested deeper than 64 levels are refused, and failed --data-file saves are reported and retried.
import { mkdir, readFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { call, workspaceMessage } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const emu = () => fx.emu
const { internalErrors } = fx

/** A raw request with any Host and headers (fetch and undici keep Host to the URL's). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const url = new URL(emu().url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => {
        text += d.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`

describe('test hooks', () => {
  it('need the hook token and answer without wildcard CORS', async () => {
    const port = new URL(emu().url).port
    const host = `127.0.0.1:${port}`
    expect((await raw('GET', '/__emulator/counters', { host })).status).toBe(401)
    const wrong = await raw('GET', '/__emulator/counters', { host, authorization: 'Bearer ehk_nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain('hook token')
    const ok = await raw('GET', '/__emulator/counters', { host, authorization: `Bearer ${emu().hookToken}` })
    expect(ok.status).toBe(200)
    expect(ok.headers['access-control-allow-origin']).toBeUndefined()
    // a wipe without the token changes nothing
    const before = emu().state.agents.size
    expect((await raw('POST', '/__emulator/reset', { host })).status).toBe(401)
    expect(emu().state.agents.size).toBe(before)
  })

  it('refuse a browser call from another origin, even with the token', async () => {
    const port = new URL(emu().url).port
    const headers = { host: `127.0.0.1:${port}`, authorization: `Bearer ${emu().hookToken}` }
    const evil = await raw('GET', '/__emulator/requests', { ...headers, origin: 'https://evil.example' })
    expect(evil.status).toBe(403)
    expect(evil.text).toContain('cross-origin')
    expect((await raw('GET', '/__emulator/requests', { ...headers, origin: 'null' })).status).toBe(403)
    expect((await raw('GET', '/__emulator/requests', { ...headers, origin: emu().url })).status).toBe(200)
  })

  it('set a latency for API answers only, then back to none', async () => {
    expect((await call(emu(), 'POST', '//__emulator/latency', { body: { ms: 150 } })).status).toBe(200)
    let t = performance.now()
    expect((await call(emu(), 'GET', '//__emulator/counters')).status).toBe(200)
    expect(performance.now() - t).toBeLessThan(140)
    t = performance.now()
    expect((await call(emu(), 'GET', '/acc_demo/skills')).status).toBe(200)
    expect(performance.now() - t).toBeGreaterThanOrEqual(140)
    expect((await call(emu(), 'POST', '//__emulator/latency', { body: { ms: -1 } })).status).toBe(400)
    expect((await call(emu(), 'POST', '//__emulator/latency', { body: { ms: 0 } })).json).toEqual({
      ms: 0,
      jitterMs: 0,
    })
  })
})

describe('Host check (DNS rebinding)', () => {
  it('answers only to its own loopback names with its port', async () => {
    const port = new URL(emu().url).port
    const auth = { authorization: `Bearer ${emu().demoApiKey}` }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await raw('GET', '/api/v1beta/acc_demo/agents', { ...auth, host })).status, host).toBe(200)
    }
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${Number(port) + 1}`, '127.0.0.1']) {
      const r = await raw('GET', '/api/v1beta/acc_demo/agents', { ...auth, host })
      expect(r.status, host).toBe(421)
      expect(JSON.parse(r.text).error.message).toContain('DNS rebinding')
      expect(r.headers['access-control-allow-origin']).toBeUndefined()
    }
    const hook = await raw('GET', '/__emulator/counters', {
      host: 'evil.example',
      authorization: `Bearer ${emu().hookToken}`,
    })
    expect(hook.status).toBe(421)
  })
})

describe('input limits', () => {
  it('refuses JSON nested deeper than 64 levels with a 400, and stores nothing', async () => {
    const records = () => emu().state.cms.get('posts')?.size
    const before = records()
    const deep = await call(emu(), 'POST', '/acc_demo/cma/records/posts', {
      rawBody: `{"data":${nested(5000)}}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(deep.status).toBe(400)
    expect(deep.json.error.message).toBe('body: JSON is nested deeper than 64 levels')
    // no Content-Type: parsed leniently, so limited the same way
    const untyped = await call(emu(), 'POST', '/acc_demo/webhooks', { rawBody: nested(65) })
    expect(untyped.status).toBe(400)
    expect(records()).toBe(before)
    // JSON-RPC bodies are read as JSON whatever their type: A2A with text/plain is limited too (it was a 500)
    const rpc = (data: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","messageId":"m","parts":[{"kind":"data","data":${data}}]}}}`
    const a2a = await call(emu(), 'POST', '/agent/demo-assistant/a2a', {
      rawBody: rpc(nested(20_000)),
      headers: { 'content-type': 'text/plain' },
    })
    expect(a2a.status).toBe(400)
    // raw file uploads are bytes, not JSON: any nesting is fine
    const file = await call(emu(), 'PUT', '/acc_demo/files/deep.txt', {
      rawBody: nested(100),
      headers: { 'content-type': 'text/plain' },
    })
    expect(file.status).toBeLessThan(300)
    // 64 levels in all is fine, and reads back
    const ok = await call(emu(), 'POST', '/acc_demo/cma/records/posts', {
      rawBody: `{"data":${nested(63)}}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(ok.status).toBe(201)
    const back = await call(emu(), 'GET', `/acc_demo/cma/records/posts/${ok.json.id}`)
    expect(back.json.data).toEqual(JSON.parse(nested(63)))
    // brackets inside strings do not count
    const text = await call(emu(), 'POST', '/acc_demo/cma/records/posts', {
      body: { data: { title: '['.repeat(200) + '\\"{'.repeat(100) } },
    })
    expect(text.status).toBe(201)
    expect(internalErrors()).toEqual([])
  })

  it('stores invalid UTF-8 as replacement characters that read back', async () => {
    const bytes = Buffer.concat([Buffer.from('{"data":{"title":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b"}}')])
    const r = await call(emu(), 'POST', '/acc_demo/cma/records/posts', {
      rawBody: bytes,
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(201)
    const back = await call(emu(), 'GET', `/acc_demo/cma/records/posts/${r.json.id}`)
    expect(back.json.data.title).toBe('a\uFFFD\uFFFDb')
  })
})

describe('--data-file saves', () => {
  /** An emulator saving to a data file in a fresh temp dir (removed after the test), its log lines kept. */
  // the saves run on the real clock (a 150 ms quiet period, retries from 40 ms doubling): a poll ends as soon as its
  // condition holds, and this deadline only bounds a failure (a loaded machine once took over 1 s for the first save)
  const deadline = 15_000

  async function savingEmulator(saveRetryMs: number) {
    const file = join(tempDir('agentry-save-'), 'state.json')
    const lines: string[] = []
    // quiet (no pause between streamed tokens): what is tested is the save, not the answer's pace
    const e = await createEmulator({
      ...quietEmulator,
      port: 0,
      dataFile: file,
      saveRetryMs,
      log: (l) => lines.push(l),
    })
    return { e, file, lines }
  }

  it('reports a failed save at once, retries it, and reports when it saved again', async () => {
    const { e, file, lines } = await savingEmulator(40)
    try {
      await expect
        .poll(
          () =>
            readFile(file, 'utf8').then(
              () => true,
              () => false,
            ),
          { timeout: deadline },
        )
        .toBe(true)
      // the data file's place is taken by a directory: every save fails until it goes
      await rm(file)
      await mkdir(file)
      const chatId = crypto.randomUUID()
      const made = await call(e, 'POST', workspaceMessage('demo-assistant', chatId), {
        body: { message: { role: 'user', content: 'kept' } },
      })
      expect(made.status).toBe(200)
      await expect
        .poll(() => lines.filter((l) => l.includes('cannot save')).length, { timeout: deadline })
        .toBeGreaterThan(1)
      expect(lines.find((l) => l.includes('cannot save'))).toContain('retried in')
      await rm(file, { recursive: true })
      await expect
        .poll(() => lines.some((l) => l.includes('saved') && l.includes('again')), { timeout: deadline })
        .toBe(true)
      const saved = JSON.parse(await readFile(file, 'utf8'))
      expect(saved.chats.map((c: { id: string }) => c.id)).toContain(chatId)
    } finally {
      await e.close()
    }
  })

  it('says at close when the last changes could not be saved', async () => {
    const { e, file, lines } = await savingEmulator(10_000)
    await mkdir(file)
    await call(e, 'POST', workspaceMessage('demo-assistant', crypto.randomUUID()), {
      body: { message: { role: 'user', content: 'lost' } },
    })
    await e.close()
    expect(lines.some((l) => l.includes('cannot save'))).toBe(true)
    expect(lines.at(-1)).toContain('the last changes are lost')
  })
})
