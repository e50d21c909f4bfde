// `agentry a2a card|send`: cards by agent id or URL, the JSON-RPC 2.0 request, replies from Tasks and Messages,
// SSE streaming, errors, and the credential rule: the bearer token goes only to the base URL's own origin.
import { describe, expect, it } from 'vitest'
import { testApiKey, testContext, testOrigin } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'
import { stub } from './a2a-stub.js'

const foreign = 'https://agents.example.com'
const card = (url: string, streaming = true) => ({
  protocolVersion: '0.3.0',
  name: 'Echo',
  description: 'Echoes',
  url,
  version: '1.0.0',
  capabilities: { streaming },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's1', name: 'Echo', description: 'echo', tags: [] }],
})

const task = (text: string, state = 'completed') => ({
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state },
  artifacts: [{ artifactId: 'a1', parts: [{ kind: 'text', text }] }],
})
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: '1', result })

describe('a2a card', () => {
  it("by agent id reads the service's card route, with the credential", async () => {
    const t = testContext()
    const seen = stub(
      t,
      testOrigin,
      'GET',
      '/api/v1beta/agent/ag_1/a2a/card',
      card(`${testOrigin}/api/v1beta/agent/ag_1/a2a`),
    )
    expect(await t.run(['a2a', 'card', 'ag_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).name).toBe('Echo')
    expect(seen[0]!.auth).toBe(`Bearer ${testApiKey}`)
  })

  it('by URL on another origin: fetched without any credential; a bare origin means its well-known card', async () => {
    const t = testContext()
    const seen = stub(t, foreign, 'GET', '/.well-known/agent-card.json', card(`${foreign}/a2a`))
    expect(await t.run(['a2a', 'card', foreign])).toBe(0)
    expect(seen).toEqual([{ auth: undefined, body: undefined, version: '1.0' }])
    expect(t.stdout()).toContain(`url\t${foreign}/a2a\n`)
    expect(t.stdout()).toContain('streaming\ttrue\n')
  })

  it('by URL on the same origin as the base URL: with the credential', async () => {
    const t = testContext()
    const seen = stub(t, testOrigin, 'GET', '/cards/echo.json', card(`${testOrigin}/a2a`))
    expect(await t.run(['a2a', 'card', `${testOrigin}/cards/echo.json`])).toBe(0)
    expect(seen[0]!.auth).toBe(`Bearer ${testApiKey}`)
  })

  it('a card that does not match the A2A shape is a server error (7)', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/card.json', { hello: 'world' })
    expect(await t.run(['a2a', 'card', `${foreign}/card.json`])).toBe(7)
    expect(t.stderr()).toMatch(/does not match the interface/)
  })
})

describe('a2a send', () => {
  it('POSTs JSON-RPC message/send to the card url and prints the reply; no credential to another origin', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/card.json', card(`${foreign}/rpc`))
    const seen = stub(t, foreign, 'POST', '/rpc', rpc(task('Hi back')))
    expect(await t.run(['a2a', 'send', `${foreign}/card.json`, '-m', 'Hi', '--context', 'ctx_9'])).toBe(0)
    expect(t.stdout()).toBe('Hi back\n')
    expect(seen[0]!.auth).toBeUndefined()
    expect(seen[0]!.body).toEqual({
      jsonrpc: '2.0',
      id: expect.any(String),
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          role: 'user',
          messageId: expect.any(String),
          parts: [{ kind: 'text', text: 'Hi' }],
          contextId: 'ctx_9',
        },
      },
    })
  })

  it('with the credential to the service; --json prints the result; the message may come on stdin', async () => {
    const t = testContext({ stdin: 'from stdin\n' })
    stub(t, testOrigin, 'GET', '/api/v1beta/agent/ag_1/a2a/card', card(`${testOrigin}/api/v1beta/agent/ag_1/a2a`))
    const seen = stub(t, testOrigin, 'POST', '/api/v1beta/agent/ag_1/a2a', rpc(task('ok')))
    expect(await t.run(['a2a', 'send', 'ag_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(task('ok'))
    expect(seen[0]!.auth).toBe(`Bearer ${testApiKey}`)
    expect((seen[0]!.body as { params: { message: { parts: unknown } } }).params.message.parts).toEqual([
      { kind: 'text', text: 'from stdin' },
    ])
  })

  it('takes the words after the agent as the message, as chat does; -m and words together are refused (exit 2)', async () => {
    const t = testContext()
    stub(t, testOrigin, 'GET', '/api/v1beta/agent/ag_1/a2a/card', card(`${testOrigin}/api/v1beta/agent/ag_1/a2a`))
    const seen = stub(t, testOrigin, 'POST', '/api/v1beta/agent/ag_1/a2a', rpc(task('ok')))
    expect(await t.run(['a2a', 'send', 'ag_1', 'hello', 'there', '--json'])).toBe(0)
    expect((seen[0]!.body as { params: { message: { parts: unknown } } }).params.message.parts).toEqual([
      { kind: 'text', text: 'hello there' },
    ])
    const u = testContext()
    expect(await u.run(['a2a', 'send', 'ag_1', 'hello', '-m', 'there'])).toBe(2)
    expect(u.stderr()).toMatch(/the message is given twice: -m and the words "hello"/)
  })

  it('a Message result prints its text; a failed task exits 1 after printing; a JSON-RPC error exits 1', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    stub(t, foreign, 'POST', '/rpc', rpc({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'direct' }] }))
    expect(await t.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x'])).toBe(0)
    expect(t.stdout()).toBe('direct\n')

    const t2 = testContext()
    stub(t2, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    stub(t2, foreign, 'POST', '/rpc', rpc(task('partial', 'failed')))
    expect(await t2.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x'])).toBe(1)
    expect(t2.stdout()).toBe('partial\n')
    expect(t2.stderr()).toBe("error: the agent's task ended failed\n")

    const t3 = testContext()
    stub(t3, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    stub(t3, foreign, 'POST', '/rpc', {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32601, message: 'Method not found' },
    })
    expect(await t3.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x'])).toBe(1)
    expect(t3.stderr()).toMatch(/A2A error -32601: Method not found/)
  })

  it('--stream prints the artifact pieces as they arrive and ends on the final status update', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    const base = { taskId: 't1', contextId: 'c1' }
    const events = [
      { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'submitted' } },
      { kind: 'status-update', ...base, status: { state: 'working' }, final: false },
      { kind: 'artifact-update', ...base, artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'Hel' }] } },
      { kind: 'artifact-update', ...base, artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'lo' }] } },
      { kind: 'status-update', ...base, status: { state: 'completed' }, final: true },
    ]
    const sse = events.map((e) => `data: ${JSON.stringify(rpc(e))}\r\n\r\n`).join('')
    const seen = stub(t, foreign, 'POST', '/rpc', sse, { 'content-type': 'text/event-stream' })
    expect(await t.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x', '--stream'])).toBe(0)
    expect(t.stdout()).toBe('Hello\n')
    expect((seen[0]!.body as { method: string }).method).toBe('message/stream')

    const t2 = testContext()
    stub(t2, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    stub(t2, foreign, 'POST', '/rpc', sse, { 'content-type': 'text/event-stream' })
    expect(await t2.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x', '--stream', '-o', 'ndjson'])).toBe(0)
    expect(
      t2
        .stdout()
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(events)
  })

  it('a stream that stops before the final event exits 8 (the text so far is kept)', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/c.json', card(`${foreign}/rpc`))
    const piece = {
      kind: 'artifact-update',
      taskId: 't',
      contextId: 'c',
      artifact: { parts: [{ kind: 'text', text: 'Hal' }] },
    }
    stub(t, foreign, 'POST', '/rpc', `data: ${JSON.stringify(rpc(piece))}\n\n`, { 'content-type': 'text/event-stream' })
    expect(await t.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x', '--stream'])).toBe(8)
    expect(t.stdout()).toBe('Hal\n')
    expect(t.stderr()).toMatch(/the stream ended before the agent finished/)
  })

  it('falls back to message/send (with a warning) when the card says it does not stream', async () => {
    const t = testContext()
    stub(t, foreign, 'GET', '/c.json', card(`${foreign}/rpc`, false))
    const seen = stub(t, foreign, 'POST', '/rpc', rpc(task('plain')))
    expect(await t.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x', '--stream'])).toBe(0)
    expect((seen[0]!.body as { method: string }).method).toBe('message/send')
    expect(t.stderr()).toMatch(/^warning: Echo does not stream/)
    expect(t.stdout()).toBe('plain\n')
  })

  it('needs a message: none on a terminal is a usage error; a non-http card URL too', async () => {
    const t = testContext({ tty: true })
    expect(await t.run(['a2a', 'send', 'ag_1'])).toBe(2)
    expect(t.stderr()).toMatch(/a message is required/)
    const t2 = testContext()
    stub(t2, foreign, 'GET', '/c.json', card('ftp://example.com/rpc'))
    expect(await t2.run(['a2a', 'send', `${foreign}/c.json`, '-m', 'x'])).toBe(2)
    expect(t2.stderr()).toMatch(/the card's url ftp:\/\/example.com\/rpc is not http\(s\)/)
  })
})

describe('--help', () => {
  itShowsExamples([['a2a'], ['a2a', 'card'], ['a2a', 'send']])
})
