// The A2A JSON-RPC endpoint named by the agent card (wire.md; A2A v0.3): message/send, message/stream, errors.
import { describe, expect, it } from 'vitest'
import { call, sseData } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const { internalErrors } = fx
const emu = () => fx.emu
const rpc = (body: unknown, agent = 'demo-assistant') => call(emu(), 'POST', `/agent/${agent}/a2a`, { body })
const message = (text: string) => ({ role: 'user', parts: [{ kind: 'text', text }], messageId: 'm-1', kind: 'message' })

describe('A2A', () => {
  it('answers message/send with a completed Task carrying the answer', async () => {
    const r = await rpc({ jsonrpc: '2.0', id: 7, method: 'message/send', params: { message: message('count to 4') } })
    expect(r.status).toBe(200)
    expect(r.json.jsonrpc).toBe('2.0')
    expect(r.json.id).toBe(7)
    const task = r.json.result
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } })
    expect(task.artifacts[0].parts).toEqual([{ kind: 'text', text: '1 2 3 4' }])
    expect(task.history.map((m: { role: string }) => m.role)).toEqual(['user', 'agent'])
    expect(task.history[0]).toMatchObject({ messageId: 'm-1', contextId: task.contextId, taskId: task.id })
  })

  it('keeps the contextId the client sends', async () => {
    const r = await rpc({
      jsonrpc: '2.0',
      id: 'a',
      method: 'message/send',
      params: { message: { ...message('hi'), contextId: 'ctx-42' } },
    })
    expect(r.json.result.contextId).toBe('ctx-42')
  })

  it('streams message/stream as SSE of JSON-RPC responses ending with final: true', async () => {
    const r = await rpc({ jsonrpc: '2.0', id: 3, method: 'message/stream', params: { message: message('count to 3') } })
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/)
    const events = sseData(r.text) as { jsonrpc: string; id: number; result: Record<string, unknown> }[]
    expect(events.every((e) => e.jsonrpc === '2.0' && e.id === 3)).toBe(true)
    const kinds = events.map((e) => e.result.kind)
    expect(kinds[0]).toBe('task')
    expect(kinds[1]).toBe('status-update')
    expect(kinds.at(-1)).toBe('status-update')
    const artifacts = events.filter((e) => e.result.kind === 'artifact-update').map((e) => e.result)
    const text = artifacts.map((a) => (a.artifact as { parts: { text: string }[] }).parts[0]?.text).join('')
    expect(text).toBe('1 2 3')
    expect(artifacts.map((a) => a.append)).toEqual([false, true, true])
    expect(artifacts.map((a) => a.lastChunk)).toEqual([false, false, true])
    const last = events.at(-1)!.result
    expect(last).toMatchObject({ final: true, status: { state: 'completed' } })
    expect(events.slice(0, -1).every((e) => e.result.final !== true)).toBe(true)
  })

  it('answers JSON-RPC errors for bad JSON, bad requests, unknown methods and bad params', async () => {
    const parse = await call(emu(), 'POST', '/agent/demo-assistant/a2a', {
      rawBody: '{"jsonrpc":',
      headers: { 'content-type': 'application/json' },
    })
    expect(parse.status).toBe(200)
    expect(parse.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    const invalid = await rpc({ jsonrpc: '1.0', id: 1, method: 'message/send' })
    expect(invalid.json.error.code).toBe(-32600)
    expect(invalid.json.id).toBe(1)
    const unknown = await rpc({ jsonrpc: '2.0', id: 2, method: 'agent/dance' })
    expect(unknown.json.error.code).toBe(-32601)
    const params = await rpc({
      jsonrpc: '2.0',
      id: 4,
      method: 'message/send',
      params: { message: { role: 'user', parts: [] } },
    })
    expect(params.json.error.code).toBe(-32602)
    expect(params.json.error.data).toMatch(/parts/)
    const task = await rpc({ jsonrpc: '2.0', id: 5, method: 'tasks/get', params: { id: 't' } })
    expect(task.json.error.code).toBe(-32001)
  })

  it('still requires a bearer key and answers 404 for unknown agents', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: message('hi') } }
    expect((await call(emu(), 'POST', '/agent/demo-assistant/a2a', { body, key: null })).status).toBe(401)
    expect((await rpc(body, 'ghost')).status).toBe(404)
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
