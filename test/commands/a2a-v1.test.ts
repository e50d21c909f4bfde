// `agentry a2a` with A2A 1.0 and the choice of generation: the endpoint read from the card (1.0 interface first,
// else 0.3), 1.0 requests (A2A-Version header, PascalCase methods, ProtoJSON), 1.0 answers read into the one
// shape, `a2a task get|cancel` and their exit codes, `send --no-wait`.
import { describe, expect, it } from 'vitest'
import { itShowsExamples } from '../helpers/help.js'
import { testContext } from '../helpers/test-context.js'
import { stub } from './a2a-stub.js'

const peer = 'https://agents.example.com'
const card10 = (interfaces: unknown[], extra: object = {}) => ({
  name: 'Echo',
  description: 'Echoes',
  version: '1.0.0',
  supportedInterfaces: interfaces,
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
  ...extra,
})
const jsonRpc10 = (url: string, extra: object = {}) => ({
  url,
  protocolBinding: 'JSONRPC',
  protocolVersion: '1.0',
  ...extra,
})
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: '1', result })
const task10 = (text: string, state = 'TASK_STATE_COMPLETED') => ({
  id: 't1',
  contextId: 'c1',
  status: { state, timestamp: '2026-01-01T00:00:00.000Z' },
  artifacts: [{ artifactId: 'a1', parts: [{ text }] }],
})

describe('a2a send to a 1.0 agent', () => {
  it('a card with only supportedInterfaces: SendMessage with A2A-Version: 1.0 and a ProtoJSON message', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    const seen = stub(t, peer, 'POST', '/rpc', rpc({ task: task10('Hi back') }))
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'Hi', '--context', 'ctx_9'])).toBe(0)
    expect(t.stdout()).toBe('Hi back\n')
    expect(seen[0]!.version).toBe('1.0')
    expect(seen[0]!.body).toEqual({
      jsonrpc: '2.0',
      id: expect.any(String),
      method: 'SendMessage',
      params: {
        message: { messageId: expect.any(String), role: 'ROLE_USER', parts: [{ text: 'Hi' }], contextId: 'ctx_9' },
      },
    })
  })

  it('--json prints the task in the one shape (kind, lower-case state, kind-tagged parts)', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    stub(t, peer, 'POST', '/rpc', rpc({ task: task10('ok') }))
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({
      kind: 'task',
      id: 't1',
      status: { state: 'completed' },
      artifacts: [{ parts: [{ kind: 'text', text: 'ok' }] }],
    })
  })

  it('--stream: pieces on stdout, state changes on stderr, the end at a terminal state (1.0 has no final flag)', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    const base = { taskId: 't1', contextId: 'c1' }
    const events = [
      { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } },
      { statusUpdate: { ...base, status: { state: 'TASK_STATE_WORKING' } } },
      { artifactUpdate: { ...base, artifact: { artifactId: 'a', parts: [{ text: 'Hel' }] } } },
      { artifactUpdate: { ...base, artifact: { artifactId: 'a', parts: [{ text: 'lo' }] }, append: true } },
      { statusUpdate: { ...base, status: { state: 'TASK_STATE_COMPLETED' } } },
    ]
    const sse = events.map((e) => `data: ${JSON.stringify(rpc(e))}\n\n`).join('')
    const seen = stub(t, peer, 'POST', '/rpc', sse, { 'content-type': 'text/event-stream' })
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x', '--stream'])).toBe(0)
    expect(t.stdout()).toBe('Hello\n')
    expect(t.stderr()).toBe('(submitted)\n(working)\n(completed)\n')
    expect((seen[0]!.body as { method: string }).method).toBe('SendStreamingMessage')

    const t2 = testContext()
    stub(t2, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    stub(t2, peer, 'POST', '/rpc', sse, { 'content-type': 'text/event-stream' })
    expect(await t2.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x', '--stream', '-o', 'ndjson'])).toBe(0)
    const lines = t2
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.kind)).toEqual([
      'task',
      'status-update',
      'artifact-update',
      'artifact-update',
      'status-update',
    ])
    expect(lines.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true })
    expect(lines[2].artifact.parts).toEqual([{ kind: 'text', text: 'Hel' }])
  })

  it('--no-wait asks for the task at once (returnImmediately) and prints its id', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    const seen = stub(t, peer, 'POST', '/rpc', rpc({ task: task10('', 'TASK_STATE_WORKING') }))
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x', '--no-wait'])).toBe(0)
    expect(t.stdout()).toBe('t1\n')
    expect((seen[0]!.body as { params: { configuration: unknown } }).params.configuration).toEqual({
      returnImmediately: true,
    })
  })
})

describe('which endpoint and generation the card names', () => {
  it('a 1.0 interface wins over the 0.3 url; a relative url is resolved against the card; its tenant is sent', async () => {
    const t = testContext()
    const card = card10([jsonRpc10('/v1/rpc', { tenant: 'acme' })], { url: `${peer}/legacy`, protocolVersion: '0.3.0' })
    stub(t, peer, 'GET', '/agents/card.json', card)
    const seen = stub(t, peer, 'POST', '/v1/rpc', rpc({ task: task10('ok') }))
    expect(await t.run(['a2a', 'send', `${peer}/agents/card.json`, '-m', 'x'])).toBe(0)
    expect((seen[0]!.body as { params: { tenant: string } }).params.tenant).toBe('acme')
  })

  it('a 0.3 interface in supportedInterfaces is spoken in 0.3, without the A2A-Version header', async () => {
    const t = testContext()
    stub(
      t,
      peer,
      'GET',
      '/card.json',
      card10([{ url: `${peer}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' }]),
    )
    const seen = stub(
      t,
      peer,
      'POST',
      '/rpc',
      rpc({ kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } }),
    )
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x'])).toBe(0)
    expect((seen[0]!.body as { method: string }).method).toBe('message/send')
    expect(seen[0]!.version).toBeUndefined()
  })

  it('no JSON-RPC interface: a clear error naming what the card offers; a2a card still shows it', async () => {
    const t = testContext()
    const card = card10([{ url: `${peer}/grpc`, protocolBinding: 'GRPC', protocolVersion: '1.0' }])
    stub(t, peer, 'GET', '/card.json', card)
    expect(await t.run(['a2a', 'send', `${peer}/card.json`, '-m', 'x'])).toBe(1)
    expect(t.stderr()).toMatch(/Echo offers no A2A JSON-RPC interface of version 1.0 or 0.3 \(it offers: GRPC 1.0\)/)
    const t2 = testContext()
    stub(t2, peer, 'GET', '/card.json', card)
    expect(await t2.run(['a2a', 'card', `${peer}/card.json`])).toBe(0)
    expect(t2.stdout()).toContain('name\tEcho\n')
  })
})

describe('a2a task get|cancel', () => {
  const cardUrl = `${peer}/card.json`
  it('get: GetTask with the id and --history; prints state and reply', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    const seen = stub(t, peer, 'POST', '/rpc', rpc(task10('the answer')))
    expect(await t.run(['a2a', 'task', 'get', cardUrl, 't1', '--history', '2'])).toBe(0)
    expect(seen[0]!.body).toMatchObject({ method: 'GetTask', params: { id: 't1', historyLength: 2 } })
    expect(t.stdout()).toContain('state\tcompleted\n')
    expect(t.stdout()).toContain('reply\tthe answer\n')
  })

  it('cancel: CancelTask; the canceled task in the one shape with --json', async () => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    const seen = stub(t, peer, 'POST', '/rpc', rpc(task10('', 'TASK_STATE_CANCELED')))
    expect(await t.run(['a2a', 'task', 'cancel', cardUrl, 't1', '--json'])).toBe(0)
    expect(seen[0]!.body).toMatchObject({ method: 'CancelTask', params: { id: 't1' } })
    expect(JSON.parse(t.stdout()).status.state).toBe('canceled')
  })

  it.each([
    [-32001, 'Task not found', 3],
    [-32002, 'Task cannot be canceled', 5],
    [-32603, 'Internal error', 7],
    [-32009, 'Version not supported', 1],
  ])('A2A error %i (%s) exits %i', async (code, message, exit) => {
    const t = testContext()
    stub(t, peer, 'GET', '/card.json', card10([jsonRpc10(`${peer}/rpc`)]))
    stub(t, peer, 'POST', '/rpc', { jsonrpc: '2.0', id: '1', error: { code, message } })
    expect(await t.run(['a2a', 'task', 'cancel', cardUrl, 't1'])).toBe(exit)
    expect(t.stderr()).toContain(`A2A error ${code}: ${message}`)
    expect(t.stdout()).toBe('')
  })

  it('--history must be a whole number', async () => {
    const t = testContext()
    expect(await t.run(['a2a', 'task', 'get', cardUrl, 't1', '--history', 'lots'])).toBe(2)
  })
})

describe('--help', () => {
  itShowsExamples([
    ['a2a', 'task'],
    ['a2a', 'task', 'get'],
    ['a2a', 'task', 'cancel'],
  ])
})
