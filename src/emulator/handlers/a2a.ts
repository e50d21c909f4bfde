// The agent's A2A endpoint (wire.md: the card's url; A2A v0.3 JSON-RPC binding): `message/send` answers a completed
// Task carrying the answer as an artifact; `message/stream` answers SSE of JSON-RPC responses: the Task, a working
// status-update, artifact-update chunks, and a completed status-update with final: true. Tasks finish at once and
// are not kept, so tasks/get and tasks/cancel answer TaskNotFound.
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { issueMessage } from '../body.js'
import type { Piece } from '../completions/model/pieces.js'
import type { EmuRequest, EmuResponse, HandlerEnv, HandlerTable } from '../types.js'
import {
  rpcError,
  rpcErrors,
  rpcRequestSchema,
  rpcResult,
  type SendParams,
  sendParamsSchema,
  toChatMessage,
} from './a2a-protocol.js'
import { agentOf } from './agents.js'
import { answer } from '../completions/answer.js'

const rpc = (json: unknown): EmuResponse => ({ status: 200, json })

function pieceText(p: Piece): string {
  if (p.kind === 'text') return p.text
  if (p.kind === 'tools') return p.calls.map((c) => `\n(I would call \`${c.name}\` with \`${c.arguments}\`.)`).join('')
  if (p.kind === 'error') return `\n(error: ${p.message})`
  return ''
}

interface Turn {
  taskId: string
  contextId: string
  user: Record<string, unknown>
}

function turnOf(params: SendParams): Turn {
  const contextId = params.message.contextId ?? randomUUID()
  const taskId = randomUUID()
  const user = {
    ...params.message,
    kind: 'message',
    messageId: params.message.messageId ?? randomUUID(),
    contextId,
    taskId,
  }
  return { taskId, contextId, user }
}

const agentMessage = (t: Turn, text: string) => ({
  kind: 'message',
  role: 'agent',
  messageId: randomUUID(),
  parts: [{ kind: 'text', text }],
  taskId: t.taskId,
  contextId: t.contextId,
})

async function send(req: EmuRequest, env: HandlerEnv, id: unknown, params: SendParams): Promise<EmuResponse> {
  const t = turnOf(params)
  const src = answer(env, agentOf(req, env), [toChatMessage(params.message)], { signal: req.signal })
  let text = ''
  let n = 0
  for await (const p of src) {
    if (p.kind === 'text' && src.maxTokens !== undefined && ++n > src.maxTokens) break
    text += pieceText(p)
  }
  const timestamp = new Date(env.now()).toISOString()
  return rpc(
    rpcResult(id, {
      kind: 'task',
      id: t.taskId,
      contextId: t.contextId,
      status: { state: 'completed', timestamp },
      artifacts: [{ artifactId: randomUUID(), name: 'answer', parts: [{ kind: 'text', text }] }],
      history: [t.user, agentMessage(t, text)],
    }),
  )
}

async function stream(req: EmuRequest, env: HandlerEnv, id: unknown, params: SendParams): Promise<EmuResponse> {
  const t = turnOf(params)
  const src = answer(env, agentOf(req, env), [toChatMessage(params.message)], { signal: req.signal })
  const res: ServerResponse = req.raw.res
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
  })
  const emit = (result: unknown) => {
    if (!res.destroyed) res.write(`data: ${JSON.stringify(rpcResult(id, result))}\n\n`)
  }
  const now = () => new Date(env.now()).toISOString()
  const base = { taskId: t.taskId, contextId: t.contextId }
  emit({
    kind: 'task',
    id: t.taskId,
    contextId: t.contextId,
    status: { state: 'submitted', timestamp: now() },
    history: [t.user],
  })
  emit({ kind: 'status-update', ...base, status: { state: 'working', timestamp: now() }, final: false })
  const artifactId = randomUUID()
  let text = ''
  let n = 0
  let previous: string | undefined
  let sent = 0
  const chunk = (piece: string, last: boolean) =>
    emit({
      kind: 'artifact-update',
      ...base,
      artifact: { artifactId, name: 'answer', parts: [{ kind: 'text', text: piece }] },
      append: sent++ > 0,
      lastChunk: last,
    })
  for await (const p of src) {
    if (req.signal.aborted) break
    if (p.kind === 'text' && src.maxTokens !== undefined && ++n > src.maxTokens) break
    const piece = pieceText(p)
    if (piece === '') continue
    // one piece is held back so that the last artifact-update can say lastChunk: true
    if (previous !== undefined) chunk(previous, false)
    previous = piece
    text += piece
    if (src.delayMs > 0) await sleep(src.delayMs, undefined, { signal: req.signal }).catch(() => {})
  }
  if (req.signal.aborted) {
    res.destroy()
    return { streamed: true }
  }
  chunk(previous ?? '', true)
  emit({
    kind: 'status-update',
    ...base,
    status: { state: 'completed', timestamp: now(), message: agentMessage(t, text) },
    final: true,
  })
  res.end()
  return { streamed: true }
}

/** Handlers: agentA2a (JSON-RPC 2.0). */
export const a2aHandlers: HandlerTable = {
  async agentA2a(req, env) {
    let body = req.body
    if (body === undefined) {
      try {
        body = JSON.parse(req.rawBody.toString('utf8'))
      } catch (e) {
        return rpc(rpcError(null, rpcErrors.parse, 'Parse error', (e as Error).message))
      }
    }
    const idOf = typeof body === 'object' && body !== null && 'id' in body ? (body as { id: unknown }).id : null
    const safeId = typeof idOf === 'string' || typeof idOf === 'number' ? idOf : null
    const r = rpcRequestSchema.safeParse(body)
    if (!r.success) return rpc(rpcError(safeId, rpcErrors.invalidRequest, 'Invalid Request', issueMessage(r.error)))
    const { id, method, params } = r.data
    if (method.startsWith('tasks/')) return rpc(rpcError(id, rpcErrors.taskNotFound, 'Task not found'))
    if (method !== 'message/send' && method !== 'message/stream') {
      return rpc(rpcError(id, rpcErrors.methodNotFound, `Method not found: ${method}`))
    }
    const p = sendParamsSchema.safeParse(params)
    if (!p.success) return rpc(rpcError(id, rpcErrors.invalidParams, 'Invalid params', issueMessage(p.error)))
    return method === 'message/send' ? send(req, env, id, p.data) : stream(req, env, id, p.data)
  },
}
