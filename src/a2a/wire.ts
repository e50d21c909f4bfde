// What the CLI sends in each A2A generation, and how it reads what comes back (A2A spec 5.3, 5.5, 9.4). Requests
// are strict: v0.3 method names and kind-tagged objects without the A2A-Version header; 1.0 PascalCase methods,
// ProtoJSON objects and `A2A-Version: 1.0`. Answers of either generation are read into one shape, the v0.3 JSON
// one (kind-tagged, lower-case states), which is also what --json prints, whatever the agent speaks.
import { randomUUID } from 'node:crypto'
import type { A2aVersion } from './endpoint.js'

/** The operations the CLI performs. */
export type Operation = 'send' | 'stream' | 'get' | 'cancel'

const methodNames: Record<A2aVersion, Record<Operation, string>> = {
  '1.0': { send: 'SendMessage', stream: 'SendStreamingMessage', get: 'GetTask', cancel: 'CancelTask' },
  '0.3': { send: 'message/send', stream: 'message/stream', get: 'tasks/get', cancel: 'tasks/cancel' },
}

/** The JSON-RPC method of an operation. */
export const methodOf = (v: A2aVersion, op: Operation) => methodNames[v][op]

/** The headers that name the generation (A2A 3.6.1: 0.3 clients send none). */
export const versionHeaders = (v: A2aVersion): Record<string, string> => (v === '1.0' ? { 'A2A-Version': '1.0' } : {})

/** The params of a send: one user message with one text part (A2A 3.2.1; v0.3 MessageSendParams); `noWait` asks
 * for the task at once (A2A 3.2.2: 1.0 `returnImmediately`, v0.3 `blocking: false`). */
export function sendParams(v: A2aVersion, text: string, contextId?: string, noWait = false): Record<string, unknown> {
  const context = contextId ? { contextId } : {}
  if (v === '1.0') {
    const message = { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...context }
    return { message, ...(noWait ? { configuration: { returnImmediately: true } } : {}) }
  }
  const message = {
    kind: 'message',
    role: 'user',
    messageId: randomUUID(),
    parts: [{ kind: 'text', text }],
    ...context,
  }
  return { message, ...(noWait ? { configuration: { blocking: false } } : {}) }
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined

/** `TASK_STATE_INPUT_REQUIRED` → `input-required`; v0.3 names stay. */
function stateName(s: unknown): unknown {
  if (typeof s !== 'string' || !s.startsWith('TASK_STATE_')) return s
  const name = s.slice('TASK_STATE_'.length).toLowerCase().replace(/_/g, '-')
  return name === 'unspecified' ? 'unknown' : name
}

/** States that end a stream: terminal ones and the interrupted ones (A2A 3.2.2). */
export const endStates = new Set(['completed', 'failed', 'canceled', 'rejected', 'input-required', 'auth-required'])

function part(p: unknown): unknown {
  const x = obj(p)
  if (!x || typeof x.kind === 'string') return p
  const { text, url, raw, data, mediaType, filename, ...rest } = x
  if (typeof text === 'string') return { kind: 'text', text, ...rest }
  if (data !== undefined) return { kind: 'data', data, ...rest }
  const file = {
    ...(url !== undefined ? { uri: url } : { bytes: raw }),
    ...(mediaType ? { mimeType: mediaType } : {}),
    ...(filename ? { name: filename } : {}),
  }
  return { kind: 'file', file, ...rest }
}

const parts = (ps: unknown) => (Array.isArray(ps) ? ps.map(part) : ps)

function message(m: unknown): unknown {
  const x = obj(m)
  if (!x) return m
  const role = x.role === 'ROLE_AGENT' ? 'agent' : x.role === 'ROLE_USER' ? 'user' : x.role
  return { kind: 'message', ...x, role, parts: parts(x.parts) }
}

function status(s: unknown): unknown {
  const x = obj(s)
  if (!x) return s
  return { ...x, state: stateName(x.state), ...(x.message ? { message: message(x.message) } : {}) }
}

const artifact = (a: unknown) => {
  const x = obj(a)
  return x ? { ...x, parts: parts(x.parts) } : a
}

/** A Task of either generation, in the v0.3 shape. */
export function readTask(t: unknown): unknown {
  const x = obj(t)
  if (!x) return t
  const out: Obj = { kind: 'task', ...x, status: status(x.status) }
  if (Array.isArray(x.artifacts)) out.artifacts = x.artifacts.map(artifact)
  if (Array.isArray(x.history)) out.history = x.history.map(message)
  return out
}

/** A send result or stream event of either generation (1.0 wraps it in its oneof field: A2A 3.2.3), in the v0.3
 * shape. A 1.0 status update gets v0.3's `final` when its state ends the stream. */
export function readEvent(r: unknown): unknown {
  const x = obj(r)
  if (!x || typeof x.kind === 'string') return r
  if (x.task) return readTask(x.task)
  if (x.message) return message(x.message)
  const su = obj(x.statusUpdate)
  if (su) {
    const st = status(su.status) as Obj | undefined
    return { kind: 'status-update', ...su, status: st, final: su.final === true || endStates.has(String(st?.state)) }
  }
  const au = obj(x.artifactUpdate)
  if (au) return { kind: 'artifact-update', ...au, artifact: artifact(au.artifact) }
  // an unwrapped Task (a liberal reading of servers that skip the wrapper)
  return x.id !== undefined && x.status !== undefined ? readTask(x) : r
}
