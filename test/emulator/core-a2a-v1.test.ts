// The emulator's A2A 1.0 side and the rules both generations share (wire.md "Agents, skills, A2A"; A2A spec
// sections 3, 5.4, 9): the card, the A2A-Version header, kept tasks, spec errors, notifications.
import { describe, expect, it } from 'vitest'
import { call, sseData } from './core-client.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: { scheduler: false, tokenDelayMs: 2 } })
const emu = () => fx.emu
const { internalErrors } = fx
const v1 = { 'a2a-version': '1.0' }
const rpc = (body: unknown, headers: Record<string, string> = v1) =>
  call(emu(), 'POST', '/agent/demo-assistant/a2a', { body, headers })
const msg1 = (text: string, extra: Record<string, unknown> = {}) => ({
  messageId: crypto.randomUUID(),
  role: 'ROLE_USER',
  parts: [{ text }],
  ...extra,
})
const send1 = (text: string, extra: Record<string, unknown> = {}, configuration?: unknown) =>
  rpc({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: msg1(text, extra), configuration } })

describe('A2A card', () => {
  it('is a 1.0 card that also carries the 0.3 members', async () => {
    const r = await call(emu(), 'GET', '/agent/demo-assistant/a2a/card')
    const url = `${emu().baseUrl}/agent/demo-assistant/a2a`
    expect(r.json.supportedInterfaces).toContainEqual({ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' })
    expect(r.json).toMatchObject({ protocolVersion: '0.3.0', url, preferredTransport: 'JSONRPC' })
    expect(r.json.capabilities).toMatchObject({ streaming: true, pushNotifications: false })
  })
})

describe('A2A 1.0 (A2A-Version: 1.0)', () => {
  it('SendMessage answers {task} in ProtoJSON: enum names, parts without kind', async () => {
    const r = await send1('count to 3')
    expect(r.json.id).toBe(1)
    const task = r.json.result.task
    expect(task.status.state).toBe('TASK_STATE_COMPLETED')
    expect(task.artifacts[0].parts).toEqual([{ text: '1 2 3' }])
    expect(task.history.map((m: { role: string }) => m.role)).toEqual(['ROLE_USER', 'ROLE_AGENT'])
    expect(task.kind).toBeUndefined()
  })

  it('SendStreamingMessage streams {task}, {statusUpdate}, {artifactUpdate} and ends at a terminal state', async () => {
    const r = await rpc({
      jsonrpc: '2.0',
      id: 's',
      method: 'SendStreamingMessage',
      params: { message: msg1('count to 3') },
    })
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/)
    const results = (sseData(r.text) as { id: string; result: Record<string, unknown> }[]).map((e) => e.result)
    expect(Object.keys(results[0]!)).toEqual(['task'])
    expect(results.some((e) => 'artifactUpdate' in e)).toBe(true)
    const last = results.at(-1) as { statusUpdate: { status: { state: string }; final?: boolean } }
    expect(last.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED')
    expect(last.statusUpdate.final).toBeUndefined()
  })

  it('GetTask finds the task SendMessage returned; historyLength trims; CancelTask of a finished one is -32002', async () => {
    const task = (await send1('hello')).json.result.task
    const got = await rpc({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: task.id, historyLength: 1 } })
    expect(got.json.result.id).toBe(task.id)
    expect(got.json.result.history.map((m: { role: string }) => m.role)).toEqual(['ROLE_AGENT'])
    const cancel = await rpc({ jsonrpc: '2.0', id: 3, method: 'CancelTask', params: { id: task.id } })
    expect(cancel.json.error.code).toBe(-32002)
    expect(cancel.json.error.data[0]).toMatchObject({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'TASK_NOT_CANCELABLE',
    })
  })

  it('returnImmediately answers a working task; CancelTask cancels it; SubscribeToTask then refuses (-32004)', async () => {
    const r = await send1('count to 5000', {}, { returnImmediately: true })
    const task = r.json.result.task
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(task.status.state)
    const cancel = await rpc({ jsonrpc: '2.0', id: 4, method: 'CancelTask', params: { id: task.id } })
    expect(cancel.json.result.status.state).toBe('TASK_STATE_CANCELED')
    const sub = await rpc({ jsonrpc: '2.0', id: 5, method: 'SubscribeToTask', params: { id: task.id } })
    expect(sub.json.error.code).toBe(-32004)
  })

  it('SubscribeToTask on a running task: its current state first, then its events to the end', async () => {
    const task = (await send1('count to 30', {}, { returnImmediately: true })).json.result.task
    const sub = await rpc({ jsonrpc: '2.0', id: 6, method: 'SubscribeToTask', params: { id: task.id } })
    const results = (sseData(sub.text) as { result: Record<string, { status?: { state: string } }> }[]).map(
      (e) => e.result,
    )
    expect(results[0]!.task!.status!.state).toBe('TASK_STATE_WORKING')
    expect(results.at(-1)!.statusUpdate!.status!.state).toBe('TASK_STATE_COMPLETED')
  })

  it('a taskId must name a task: unknown is -32001; a finished one takes no more messages (-32004)', async () => {
    const unknown = await send1('hi', { taskId: 'no-such-task' })
    expect(unknown.json.error.code).toBe(-32001)
    const done = (await send1('hi')).json.result.task
    const again = await send1('more', { taskId: done.id })
    expect(again.json.error.code).toBe(-32004)
  })

  it('ListTasks lists this agent’s tasks of a context, newest first', async () => {
    const contextId = crypto.randomUUID()
    await send1('one', { contextId })
    await send1('two', { contextId })
    const r = await rpc({ jsonrpc: '2.0', id: 7, method: 'ListTasks', params: { contextId, pageSize: 1 } })
    expect(r.json.result).toMatchObject({ totalSize: 2, pageSize: 1, nextPageToken: '1' })
    expect(r.json.result.tasks[0].history[0].parts[0].text).toBe('two')
  })
})

describe('both generations', () => {
  it('a method of the other generation is -32601 with a hint; an unknown version is -32009', async () => {
    const v1Name = await rpc({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} }, {})
    expect(v1Name.json.error.code).toBe(-32601)
    expect(v1Name.json.error.message).toMatch(/A2A-Version: 1.0/)
    const v03Name = await rpc({ jsonrpc: '2.0', id: 1, method: 'message/send', params: {} })
    expect(v03Name.json.error.code).toBe(-32601)
    const v2 = await rpc({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} }, { 'a2a-version': '2.0' })
    expect(v2.json.error.code).toBe(-32009)
  })

  it('push notification configs are -32003, in a method or in a send; the extended card is -32007', async () => {
    const m = { jsonrpc: '2.0', id: 1, method: 'tasks/pushNotificationConfig/set', params: { taskId: 't' } }
    expect((await rpc(m, {})).json.error.code).toBe(-32003)
    const c = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'CreateTaskPushNotificationConfig',
      params: { url: 'http://x' },
    })
    expect(c.json.error.code).toBe(-32003)
    const inSend = await send1('hi', {}, { taskPushNotificationConfig: { url: 'http://127.0.0.1:1/hook' } })
    expect(inSend.json.error.code).toBe(-32003)
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard' })).json.error.code).toBe(-32007)
  })

  it('a notification (no id) is carried out but gets no reply: 204, empty body, even when it fails', async () => {
    const contextId = crypto.randomUUID()
    const note = await rpc({ jsonrpc: '2.0', method: 'SendMessage', params: { message: msg1('hi', { contextId }) } })
    expect(note.status).toBe(204)
    expect(note.text).toBe('')
    // ...but carried out: the task exists
    const listed = await rpc({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { contextId } })
    expect(listed.json.result.totalSize).toBe(1)
    const bad = await rpc({ jsonrpc: '2.0', method: 'tasks/get', params: { id: 'none' } }, {})
    expect(bad.status).toBe(204)
    expect(bad.text).toBe('')
  })

  it('invalid params name the field (1.0: a BadRequest detail)', async () => {
    const r = await rpc({
      jsonrpc: '2.0',
      id: 9,
      method: 'SendMessage',
      params: { message: { role: 'ROLE_USER', parts: [] } },
    })
    expect(r.json.error.code).toBe(-32602)
    expect(r.json.error.data[0]['@type']).toBe('type.googleapis.com/google.rpc.BadRequest')
    expect(r.json.error.data[0].fieldViolations[0].field).toBe('message.parts')
  })

  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
