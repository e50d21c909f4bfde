// What each A2A method does (A2A 3.1), written once for both generations: the dialect reads the params and writes
// the objects. Results are returned; streams (A2A 3.1.2, 3.1.6) are written here as SSE of JSON-RPC responses.
import { randomUUID } from 'node:crypto'
import type { StoredAgent } from '../state.js'
import type { EmuRequest, EmuResponse, HandlerEnv } from '../types.js'
import { type Dialect, readListQuery, readTaskQuery, type SendInput } from './dialect.js'
import { stateOut } from './dialect-v10.js'
import { RpcError, rpcErrors, rpcResult } from './jsonrpc.js'
import { type StreamEvent, withHistory } from './model.js'
import { type A2aTaskRecord, cancelTask, findTask, isTerminal, startTask, tasksOf } from './tasks.js'

/** Starts the task a send asks for, after the checks of A2A 3.1.1 and 3.4. */
export function begin(env: HandlerEnv, agent: StoredAgent, input: SendInput): A2aTaskRecord {
  if (input.push) throw new RpcError(rpcErrors.pushNotSupported, 'Push notifications are not supported by this agent')
  const m = input.message
  const contextId = m.contextId ?? randomUUID()
  if (m.taskId !== undefined) {
    // a taskId must name an existing task (A2A 3.4.2); it is never the start of a new one
    const prior = findTask(env, agent, m.taskId).task
    if (m.contextId !== undefined && m.contextId !== prior.contextId)
      throw new RpcError(rpcErrors.invalidParams, 'Invalid params', {
        violations: [{ field: 'message.contextId', description: `task ${prior.id} belongs to another context` }],
      })
    if (isTerminal(prior))
      throw new RpcError(
        rpcErrors.unsupportedOperation,
        `Task ${prior.id} is ${prior.status.state}: it takes no more messages`,
        {
          metadata: { taskId: prior.id, state: prior.status.state },
        },
      )
    throw new RpcError(
      rpcErrors.unsupportedOperation,
      `Task ${prior.id} is still ${prior.status.state}: wait for it or cancel it`,
      {
        metadata: { taskId: prior.id, state: prior.status.state },
      },
    )
  }
  const { taskId: _t, ...message } = m
  return startTask(env, agent, message, contextId)
}

/** SendMessage / message/send: the task when it ends, or at once with returnImmediately (A2A 3.2.2). */
export async function send(env: HandlerEnv, agent: StoredAgent, d: Dialect, params: unknown): Promise<unknown> {
  const input = d.readSend(params)
  const rec = begin(env, agent, input)
  if (!input.returnImmediately) await rec.done
  return d.sendResult(withHistory(rec.task, input.historyLength))
}

/** SendStreamingMessage / message/stream: the new task, then its events until it ends. */
export function stream(req: EmuRequest, env: HandlerEnv, agent: StoredAgent, d: Dialect, id: unknown, params: unknown) {
  const input = d.readSend(params)
  const rec = begin(env, agent, input)
  return writeEvents(req, d, id, rec, withHistory(rec.task, input.historyLength))
}

/** SubscribeToTask / tasks/resubscribe: the task as it is now, then its events (A2A 3.1.6). */
export function subscribe(
  req: EmuRequest,
  env: HandlerEnv,
  agent: StoredAgent,
  d: Dialect,
  id: unknown,
  params: unknown,
) {
  const q = readTaskQuery(params)
  const rec = findTask(env, agent, q.id)
  if (isTerminal(rec.task))
    throw new RpcError(
      rpcErrors.unsupportedOperation,
      `Task ${q.id} is ${rec.task.status.state}: there is nothing to subscribe to`,
      {
        metadata: { taskId: q.id, state: rec.task.status.state },
      },
    )
  return writeEvents(req, d, id, rec, withHistory(rec.task, q.historyLength))
}

/** GetTask / tasks/get. */
export function get(env: HandlerEnv, agent: StoredAgent, d: Dialect, params: unknown): unknown {
  const q = readTaskQuery(params)
  return d.task(withHistory(findTask(env, agent, q.id).task, q.historyLength))
}

/** CancelTask / tasks/cancel. */
export function cancel(env: HandlerEnv, agent: StoredAgent, d: Dialect, params: unknown): unknown {
  const q = readTaskQuery(params)
  return d.task(withHistory(cancelTask(env, findTask(env, agent, q.id)), q.historyLength))
}

/** ListTasks (v1.0, A2A 3.1.4): newest first, filtered by context and state. */
export function list(env: HandlerEnv, agent: StoredAgent, d: Dialect, params: unknown): unknown {
  const q = readListQuery(params)
  const all = tasksOf(env, agent)
    .map((r) => r.task)
    .filter((t) => q.contextId === undefined || q.contextId === '' || t.contextId === q.contextId)
    .filter(
      (t) =>
        !q.state ||
        q.state === 'TASK_STATE_UNSPECIFIED' ||
        stateOut(t.status.state) === q.state ||
        t.status.state === q.state,
    )
    .reverse()
  const page = all.slice(q.offset, q.offset + q.pageSize).map((t) => {
    const copy = withHistory(t, q.historyLength)
    if (!q.includeArtifacts) copy.artifacts = []
    return d.task(copy)
  })
  const next = q.offset + q.pageSize < all.length ? String(q.offset + q.pageSize) : ''
  return { tasks: page, nextPageToken: next, pageSize: q.pageSize, totalSize: all.length }
}

/** Writes `first`, then every event of the task until a terminal one, as SSE of JSON-RPC responses (A2A 9.4.2). */
function writeEvents(req: EmuRequest, d: Dialect, id: unknown, rec: A2aTaskRecord, first: StreamEvent): EmuResponse {
  const res = req.raw.res
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
  })
  const write = (e: StreamEvent) => {
    if (!res.destroyed) res.write(`data: ${JSON.stringify(rpcResult(id, d.event(e)))}\n\n`)
  }
  write(first)
  const listener = (e: StreamEvent) => {
    write(e)
    if (e.kind === 'status-update' && e.final) {
      rec.listeners.delete(listener)
      res.end()
    }
  }
  rec.listeners.add(listener)
  // a client that goes away stops listening; the task itself goes on (A2A 3.5.2)
  req.signal.addEventListener('abort', () => {
    rec.listeners.delete(listener)
    res.destroy()
  })
  return { streamed: true }
}
