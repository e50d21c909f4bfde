// The reference A2A clients against the emulator (issue 9 item 6): @a2a-js/sdk's current default client (A2A 1.0)
// and its 0.3 line, each resolving the emulator's card and driving send, stream, get, cancel and the spec errors.
// If the emulator drifts from what the real library accepts, these fail.
import { Role, TaskState } from '@a2a-js/sdk'
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from '@a2a-js/sdk/client'
import * as v03 from 'a2a-sdk-03/client'
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: { scheduler: false, tokenDelayMs: 2 } })
const emu = () => fx.emu
const { internalErrors } = fx
const cardUrl = () => `${emu().baseUrl}/agent/demo-assistant/a2a/card`

/** fetch with the emulator's bearer key (the card and endpoint are authenticated like every call, wire.md). */
const authFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  headers.set('authorization', `Bearer ${emu().demoApiKey}`)
  return fetch(input, { ...init, headers })
}

async function client10() {
  const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
    transports: [new JsonRpcTransportFactory({ fetchImpl: authFetch })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl: authFetch }),
  })
  return new ClientFactory(options).createFromUrl(cardUrl(), '')
}

async function client03() {
  const options = v03.ClientFactoryOptions.createFrom(v03.ClientFactoryOptions.default, {
    transports: [new v03.JsonRpcTransportFactory({ fetchImpl: authFetch })],
    cardResolver: new v03.DefaultAgentCardResolver({ fetchImpl: authFetch }),
  })
  return new v03.ClientFactory(options).createFromUrl(cardUrl(), '')
}

/** A 1.0 SendMessageRequest with one text part (the SDK's proto types spell out every field). */
function request10(text: string, extra: { taskId?: string; returnImmediately?: boolean } = {}) {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId: extra.taskId ?? '',
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'text' as const, value: text }, metadata: undefined, filename: '', mediaType: '' }],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: extra.returnImmediately
      ? {
          acceptedOutputModes: [],
          taskPushNotificationConfig: undefined,
          historyLength: undefined,
          returnImmediately: true,
        }
      : undefined,
    metadata: undefined,
  }
}

const message03 = (text: string, extra: { taskId?: string } = {}) => ({
  kind: 'message' as const,
  messageId: crypto.randomUUID(),
  role: 'user' as const,
  parts: [{ kind: 'text' as const, text }],
  ...extra,
})

type AnyTask = { id: string; status?: { state: unknown }; artifacts: { parts: unknown[] }[] }
const text10 = (t: AnyTask) =>
  t.artifacts.flatMap((a) => a.parts.map((p) => (p as { content?: { value: string } }).content?.value ?? '')).join('')

describe('@a2a-js/sdk 1.x (current default client) against the emulator', () => {
  it('resolves the card to the 1.0 JSON-RPC interface and sends: a completed task with the answer', async () => {
    const c = await client10()
    expect(c.transport.protocolName).toBe('JSONRPC')
    expect(c.transport.protocolVersion).toBe('1.0')
    const result = (await c.sendMessage(request10('count to 4'))) as AnyTask
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(text10(result)).toBe('1 2 3 4')
    const again = await c.getTask({ tenant: '', id: result.id, historyLength: undefined })
    expect(again.id).toBe(result.id)
    expect(again.history.map((m) => m.role)).toEqual([Role.ROLE_USER, Role.ROLE_AGENT])
  })

  it('streams: the task first, then working, artifact pieces, and completed', async () => {
    const c = await client10()
    const cases: string[] = []
    let text = ''
    let last: unknown
    for await (const ev of c.sendMessageStream(request10('count to 5'))) {
      cases.push(ev.payload?.$case ?? '?')
      if (ev.payload?.$case === 'artifactUpdate')
        text += ev.payload.value.artifact?.parts
          .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
          .join('')
      if (ev.payload?.$case === 'statusUpdate') last = ev.payload.value.status?.state
    }
    expect(cases[0]).toBe('task')
    expect(cases).toContain('artifactUpdate')
    expect(text).toBe('1 2 3 4 5')
    expect(last).toBe(TaskState.TASK_STATE_COMPLETED)
  })

  it('cancels a running task; a canceled or completed one is not cancelable (-32002); an unknown one is not found (-32001)', async () => {
    const c = await client10()
    const running = (await c.sendMessage(request10('count to 5000', { returnImmediately: true }))) as AnyTask
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(running.status?.state)
    const canceled = await c.cancelTask({ tenant: '', id: running.id, metadata: undefined })
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED)
    expect((await c.getTask({ tenant: '', id: running.id, historyLength: 0 })).status?.state).toBe(
      TaskState.TASK_STATE_CANCELED,
    )
    // a task that ended is not cancelable, whichever way it ended: canceled (A2A 3.1.5) or completed
    await expect(c.cancelTask({ tenant: '', id: running.id, metadata: undefined })).rejects.toMatchObject({
      name: 'TaskNotCancelableError',
    })
    const done = (await c.sendMessage(request10('count to 2'))) as AnyTask
    await expect(c.cancelTask({ tenant: '', id: done.id, metadata: undefined })).rejects.toMatchObject({
      name: 'TaskNotCancelableError',
    })
    await expect(c.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined })).rejects.toMatchObject({
      name: 'TaskNotFoundError',
    })
    await expect(c.sendMessage(request10('hi', { taskId: 'no-such-task' }))).rejects.toMatchObject({
      name: 'TaskNotFoundError',
    })
  })

  it('resubscribes to a running task, lists the tasks of a context; no push notifications (the card says so)', async () => {
    const c = await client10()
    const running = (await c.sendMessage(request10('count to 40', { returnImmediately: true }))) as AnyTask & {
      contextId: string
    }
    const cases: string[] = []
    let last: unknown
    for await (const ev of c.resubscribeTask({ tenant: '', id: running.id })) {
      cases.push(ev.payload?.$case ?? '?')
      if (ev.payload?.$case === 'statusUpdate') last = ev.payload.value.status?.state
    }
    expect(cases[0]).toBe('task')
    expect(last).toBe(TaskState.TASK_STATE_COMPLETED)
    const listed = await c.listTasks({
      tenant: '',
      contextId: running.contextId,
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageSize: 10,
      pageToken: '',
      historyLength: undefined,
      statusTimestampAfter: undefined,
      includeArtifacts: true,
    })
    expect(listed.tasks.map((t) => t.id)).toEqual([running.id])
    expect(listed.totalSize).toBe(1)
    const config = {
      tenant: '',
      id: '',
      taskId: running.id,
      url: 'http://127.0.0.1:9/hook',
      token: '',
      authentication: undefined,
    }
    // the client reads capabilities.pushNotifications: false from our card and refuses before asking
    await expect((async () => c.createTaskPushNotificationConfig(config))()).rejects.toMatchObject({
      name: 'PushNotificationNotSupportedError',
    })
  })
})

describe('@a2a-js/sdk 0.3 client against the emulator', () => {
  it('resolves the card to its url and sends: a completed task with the answer; get finds it', async () => {
    const c = await client03()
    const task = (await c.sendMessage({ message: message03('count to 3') })) as {
      kind: string
      id: string
      status: { state: string }
      artifacts: { parts: { text: string }[] }[]
    }
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } })
    expect(task.artifacts[0]!.parts[0]!.text).toBe('1 2 3')
    expect((await c.getTask({ id: task.id })).status.state).toBe('completed')
  })

  it('streams status and artifact updates up to the final one', async () => {
    const c = await client03()
    const kinds: string[] = []
    let text = ''
    for await (const ev of c.sendMessageStream({ message: message03('count to 3') })) {
      kinds.push(ev.kind)
      if (ev.kind === 'artifact-update')
        text += ev.artifact.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')
    }
    expect(kinds[0]).toBe('task')
    expect(kinds.at(-1)).toBe('status-update')
    expect(text).toBe('1 2 3')
  })

  it('cancels a running task and maps the spec errors to the SDK error classes', async () => {
    const c = await client03()
    const running = (await c.sendMessage({
      message: message03('count to 5000'),
      configuration: { blocking: false },
    })) as { id: string }
    expect((await c.cancelTask({ id: running.id })).status.state).toBe('canceled')
    await expect(c.cancelTask({ id: running.id })).rejects.toBeInstanceOf(v03.TaskNotCancelableError)
    const done = (await c.sendMessage({ message: message03('count to 2') })) as { id: string }
    await expect(c.cancelTask({ id: done.id })).rejects.toBeInstanceOf(v03.TaskNotCancelableError)
    await expect(c.getTask({ id: 'no-such-task' })).rejects.toBeInstanceOf(v03.TaskNotFoundError)
    await expect(c.sendMessage({ message: message03('hi', { taskId: 'no-such-task' }) })).rejects.toBeInstanceOf(
      v03.TaskNotFoundError,
    )
  })

  it('resubscribes to a running task; no push notifications (the card says so)', async () => {
    const c = await client03()
    const running = (await c.sendMessage({
      message: message03('count to 40'),
      configuration: { blocking: false },
    })) as {
      id: string
    }
    const kinds: string[] = []
    for await (const ev of c.resubscribeTask({ id: running.id })) kinds.push(ev.kind)
    expect(kinds[0]).toBe('task')
    expect(kinds.at(-1)).toBe('status-update')
    // the client reads capabilities.pushNotifications: false from our card and refuses before asking
    const config = { taskId: running.id, pushNotificationConfig: { url: 'http://127.0.0.1:9/hook' } }
    await expect((async () => c.setTaskPushNotificationConfig(config))()).rejects.toBeInstanceOf(
      v03.PushNotificationNotSupportedError,
    )
  })
})

describe('emulator', () => {
  it('reported no internal errors', () => {
    expect(internalErrors()).toEqual([])
  })
})
