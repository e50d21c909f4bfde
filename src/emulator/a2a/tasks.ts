// A2A tasks, kept in the emulator's state (wire.md: "get and cancel find the task that send returned"). A task
// runs on its own: submitted → working → artifact pieces → completed (A2A 3.1.2), or canceled when asked
// (A2A 3.1.5). Streams listen to its events; a blocking send waits for its end.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { StoredAgent } from '../state.js'
import type { HandlerEnv } from '../types.js'
import { answerTo, pieceText } from './answer.js'
import { RpcError, rpcErrors } from './jsonrpc.js'
import { type A2aMessage, type A2aTask, type StreamEvent, type TaskState, terminalStates } from './model.js'

/** A kept task: the task itself, who owns it, and its run. */
export interface A2aTaskRecord {
  task: A2aTask
  agentId: string
  accountId: string
  listeners: Set<(e: StreamEvent) => void>
  controller: AbortController
  /** settles when the run ends (completed, failed or canceled) */
  done: Promise<void>
}

/** Whether a task is in a terminal state. */
export const isTerminal = (t: A2aTask) => terminalStates.has(t.status.state)

/** The task `id` of this agent, or TaskNotFound (A2A 3.3.2: another agent's task does not exist for the caller). */
export function findTask(env: HandlerEnv, agent: StoredAgent, id: string): A2aTaskRecord {
  const rec = env.state.a2aTasks.get(id)
  if (!rec || rec.agentId !== agent.id || rec.accountId !== agent.accountId)
    throw new RpcError(rpcErrors.taskNotFound, 'Task not found', { metadata: { taskId: id } })
  return rec
}

/** Every kept task of an agent, oldest first. */
export function tasksOf(env: HandlerEnv, agent: StoredAgent): A2aTaskRecord[] {
  return [...env.state.a2aTasks.values()].filter((r) => r.agentId === agent.id && r.accountId === agent.accountId)
}

/** Starts a task for `message` (its contextId already settled). Listeners added right after this call see every
 * event: the run begins on a later tick. */
export function startTask(env: HandlerEnv, agent: StoredAgent, message: A2aMessage, contextId: string): A2aTaskRecord {
  const taskId = randomUUID()
  const user: A2aMessage = { ...message, contextId, taskId }
  // earlier turns of the same context are the model's conversation (A2A 3.4.3, "Context Inheritance")
  const earlier = tasksOf(env, agent)
    .filter((r) => r.task.contextId === contextId)
    .flatMap((r) => r.task.history)
  const task: A2aTask = {
    kind: 'task',
    id: taskId,
    contextId,
    status: { state: 'submitted', timestamp: new Date(env.now()).toISOString() },
    artifacts: [],
    history: [user],
  }
  const rec: A2aTaskRecord = {
    task,
    agentId: agent.id,
    accountId: agent.accountId,
    listeners: new Set(),
    controller: new AbortController(),
    done: Promise.resolve(),
  }
  env.state.a2aTasks.set(taskId, rec)
  rec.done = run(env, rec, agent, [...earlier, user])
  return rec
}

function emit(rec: A2aTaskRecord, e: StreamEvent): void {
  for (const l of [...rec.listeners]) l(e)
}

function setState(env: HandlerEnv, rec: A2aTaskRecord, state: TaskState, message?: A2aMessage): void {
  const t = rec.task
  t.status = { state, timestamp: new Date(env.now()).toISOString(), ...(message ? { message } : {}) }
  const final = terminalStates.has(state)
  emit(rec, { kind: 'status-update', taskId: t.id, contextId: t.contextId, status: structuredClone(t.status), final })
  if (final) rec.listeners.clear()
}

async function run(env: HandlerEnv, rec: A2aTaskRecord, agent: StoredAgent, conversation: A2aMessage[]) {
  await null // the caller subscribes first
  const { signal } = rec.controller
  const t = rec.task
  setState(env, rec, 'working')
  const artifactId = randomUUID()
  let text = ''
  let held: string | undefined
  let sent = 0
  const chunk = (piece: string, lastChunk: boolean) => {
    const artifact = { artifactId, name: 'answer', parts: [{ kind: 'text' as const, text: piece }] }
    emit(rec, {
      kind: 'artifact-update',
      taskId: t.id,
      contextId: t.contextId,
      artifact,
      append: sent++ > 0,
      lastChunk,
    })
  }
  try {
    const answer = answerTo(env, agent, conversation, signal)
    let tokens = 0
    for await (const p of answer.pieces) {
      if (signal.aborted) return
      if (p.kind === 'text' && answer.maxTokens !== undefined && ++tokens > answer.maxTokens) break
      const piece = pieceText(p)
      if (piece === '') continue
      // one piece is held back so that the last artifact-update can say lastChunk: true
      if (held !== undefined) chunk(held, false)
      held = piece
      text += piece
      t.artifacts = [{ artifactId, name: 'answer', parts: [{ kind: 'text', text }] }]
      // unref'd: a task left running never keeps a closed emulator's process alive
      if (answer.delayMs > 0) await sleep(answer.delayMs, undefined, { signal, ref: false }).catch(() => {})
    }
  } catch (e) {
    if (!signal.aborted) setState(env, rec, 'failed', agentMessage(t, `the model failed: ${(e as Error).message}`))
    return
  }
  if (signal.aborted) return
  chunk(held ?? '', true)
  t.artifacts = [{ artifactId, name: 'answer', parts: [{ kind: 'text', text }] }]
  const reply = agentMessage(t, text)
  t.history.push(reply)
  setState(env, rec, 'completed', reply)
}

function agentMessage(t: A2aTask, text: string): A2aMessage {
  const parts = [{ kind: 'text' as const, text }]
  return { kind: 'message', role: 'agent', messageId: randomUUID(), parts, taskId: t.id, contextId: t.contextId }
}

/** Cancels a running task (A2A 3.1.5), or TaskNotCancelable when it has already ended, whichever way it ended:
 * completed, failed, rejected or canceled (A2A 3.1.5; the SDK's own server answers the same). */
export function cancelTask(env: HandlerEnv, rec: A2aTaskRecord): A2aTask {
  if (isTerminal(rec.task))
    throw new RpcError(rpcErrors.taskNotCancelable, `Task cannot be canceled: it is ${rec.task.status.state}`, {
      metadata: { taskId: rec.task.id, state: rec.task.status.state },
    })
  rec.controller.abort()
  setState(env, rec, 'canceled')
  return rec.task
}

/** Cancels every task still running (a reset or a close of the emulator): their streams end with a final canceled. */
export function cancelRunningTasks(env: HandlerEnv): void {
  for (const rec of env.state.a2aTasks.values()) if (!isTerminal(rec.task)) cancelTask(env, rec)
}
