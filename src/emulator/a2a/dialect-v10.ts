// A2A 1.0 over JSON-RPC (A2A spec section 9): PascalCase methods, ProtoJSON objects (A2A 5.5): enums as their
// proto names (`ROLE_USER`, `TASK_STATE_COMPLETED`), parts told apart by their content field (`text`, `url`, `raw`,
// `data`), results and stream events wrapped in their oneof field (`{task}`, `{statusUpdate}`…).
import * as z from '../../api/zod.js'
import type { Dialect, SendInput } from './dialect.js'
import { invalidParams } from './jsonrpc.js'
import {
  type A2aMessage,
  type A2aTask,
  type Artifact,
  messageIdOr,
  type Part,
  type StreamEvent,
  type TaskStatus,
} from './model.js'

const partSchema = z
  .looseObject({
    text: z.optional(z.string()),
    raw: z.optional(z.string()),
    url: z.optional(z.string()),
    data: z.optional(z.unknown()),
    mediaType: z.optional(z.string()),
    filename: z.optional(z.string()),
    metadata: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(
    z.refine(
      (p) => [p.text, p.raw, p.url, p.data].filter((c) => c !== undefined).length === 1,
      'a part has exactly one of text, raw, url, data',
    ),
  )

/** `SendMessageRequest` (A2A 3.2.1). */
const sendSchema = z.object({
  tenant: z.optional(z.string()),
  message: z.looseObject({
    messageId: z.optional(z.string().check(z.minLength(1))),
    role: z.enum(['ROLE_USER', 'ROLE_AGENT']),
    parts: z.array(partSchema).check(z.minLength(1, 'message.parts must not be empty')),
    contextId: z.optional(z.string()),
    taskId: z.optional(z.string()),
    metadata: z.optional(z.record(z.string(), z.unknown())),
    referenceTaskIds: z.optional(z.array(z.string())),
  }),
  configuration: z.optional(
    z.looseObject({
      historyLength: z.optional(z.int().check(z.gte(0))),
      returnImmediately: z.optional(z.boolean()),
      taskPushNotificationConfig: z.optional(z.unknown()),
    }),
  ),
  metadata: z.optional(z.record(z.string(), z.unknown())),
})

function partIn(p: z.infer<typeof partSchema>): Part {
  const meta = p.metadata ? { metadata: p.metadata } : {}
  if (p.text !== undefined) return { kind: 'text', text: p.text, ...meta }
  if (p.data !== undefined) return { kind: 'data', data: p.data, ...meta }
  const file = {
    ...(p.url !== undefined ? { uri: p.url } : { bytes: p.raw }),
    ...(p.mediaType ? { mimeType: p.mediaType } : {}),
    ...(p.filename ? { name: p.filename } : {}),
  }
  return { kind: 'file', file, ...meta }
}

function readSend(params: unknown): SendInput {
  const p = sendSchema.safeParse(params)
  if (!p.success) throw invalidParams(p.error)
  const { message: m, configuration: c } = p.data
  return {
    message: {
      kind: 'message',
      role: m.role === 'ROLE_AGENT' ? 'agent' : 'user',
      messageId: messageIdOr(m.messageId),
      parts: m.parts.map(partIn),
      // ProtoJSON writes unset strings as "" (or leaves them out): both mean "none"
      ...(m.contextId ? { contextId: m.contextId } : {}),
      ...(m.taskId ? { taskId: m.taskId } : {}),
      ...(m.metadata ? { metadata: m.metadata } : {}),
      ...(m.referenceTaskIds?.length ? { referenceTaskIds: m.referenceTaskIds } : {}),
    },
    historyLength: c?.historyLength,
    returnImmediately: c?.returnImmediately === true,
    push: c?.taskPushNotificationConfig != null,
  }
}

function partOut(p: Part): Record<string, unknown> {
  const meta = p.metadata ? { metadata: p.metadata } : {}
  if (p.kind === 'text') return { text: p.text, ...meta }
  if (p.kind === 'data') return { data: p.data, ...meta }
  const f = p.file
  return {
    ...(f.uri !== undefined ? { url: f.uri } : { raw: f.bytes ?? '' }),
    ...(f.mimeType ? { mediaType: f.mimeType } : {}),
    ...(f.name ? { filename: f.name } : {}),
    ...meta,
  }
}

/** `TASK_STATE_INPUT_REQUIRED` for `input-required` (A2A 4.1.3). */
export const stateOut = (s: string) =>
  s === 'unknown' ? 'TASK_STATE_UNSPECIFIED' : `TASK_STATE_${s.replace(/-/g, '_').toUpperCase()}`

function messageOut(m: A2aMessage) {
  const { kind: _k, role, parts, ...rest } = m
  return { ...rest, role: role === 'agent' ? 'ROLE_AGENT' : 'ROLE_USER', parts: parts.map(partOut) }
}

const statusOut = (s: TaskStatus) => ({
  state: stateOut(s.state),
  ...(s.message ? { message: messageOut(s.message) } : {}),
  timestamp: s.timestamp,
})

const artifactOut = (a: Artifact) => ({ ...a, parts: a.parts.map(partOut) })

function taskOut(t: A2aTask) {
  const { kind: _k, status, artifacts, history, ...rest } = t
  return {
    ...rest,
    status: statusOut(status),
    ...(artifacts.length ? { artifacts: artifacts.map(artifactOut) } : {}),
    ...(history.length ? { history: history.map(messageOut) } : {}),
  }
}

function eventOut(e: StreamEvent) {
  switch (e.kind) {
    case 'task':
      return { task: taskOut(e) }
    case 'message':
      return { message: messageOut(e) }
    case 'status-update':
      // v1.0 has no `final`: the stream simply ends at a terminal or interrupted state (A2A 3.1.2)
      return { statusUpdate: { taskId: e.taskId, contextId: e.contextId, status: statusOut(e.status) } }
    case 'artifact-update': {
      const { kind: _k, artifact, ...rest } = e
      return { artifactUpdate: { ...rest, artifact: artifactOut(artifact) } }
    }
  }
}

/** The v1.0 dialect. */
export const v10: Dialect = {
  version: '1.0',
  operations: {
    SendMessage: 'send',
    SendStreamingMessage: 'stream',
    GetTask: 'get',
    CancelTask: 'cancel',
    SubscribeToTask: 'subscribe',
    ListTasks: 'list',
    CreateTaskPushNotificationConfig: 'push',
    GetTaskPushNotificationConfig: 'push',
    ListTaskPushNotificationConfigs: 'push',
    DeleteTaskPushNotificationConfig: 'push',
    GetExtendedAgentCard: 'extendedCard',
  },
  readSend,
  task: taskOut,
  sendResult: (r) => (r.kind === 'task' ? { task: taskOut(r) } : { message: messageOut(r) }),
  event: eventOut,
}
