// The agent's A2A card and JSON-RPC endpoint (wire.md "Agents, skills, A2A"; A2A spec section 9): the envelope
// (JSON-RPC 2.0), the generation of each request (A2A-Version), the method, and errors as JSON-RPC error objects.
// A notification (no `id`) is carried out but never answered (JSON-RPC 2.0 section 4.1): 204, no body.
import { issueMessage } from '../body.js'
import { agentOf } from '../handlers/agents.js'
import type { StoredAgent } from '../state.js'
import type { EmuRequest, EmuResponse, HandlerEnv, HandlerTable } from '../types.js'
import { agentCard } from './card.js'
import { type Dialect, dialectOf } from './dialect.js'
import { v03 } from './dialect-v03.js'
import { v10 } from './dialect-v10.js'
import { RpcError, rpcError, rpcErrors, rpcRequestSchema, rpcResult } from './jsonrpc.js'
import * as methods from './methods.js'

const rpc = (json: unknown): EmuResponse => ({ status: 200, json })
const noReply: EmuResponse = { status: 204 }

function jsonRpcBody(req: EmuRequest): unknown {
  if (req.body !== undefined) return req.body
  try {
    return JSON.parse(req.rawBody.toString('utf8'))
  } catch (e) {
    throw new RpcError(rpcErrors.parse, 'Parse error', {
      violations: [{ field: 'body', description: (e as Error).message }],
    })
  }
}

function methodNotFound(d: Dialect, method: string): RpcError {
  const other = d === v10 ? v03 : v10
  const hint =
    method in other.operations
      ? d === v10
        ? ` (${method} is A2A v0.3: send it without the A2A-Version header)`
        : ` (${method} is A2A 1.0: send it with the header A2A-Version: 1.0)`
      : ''
  return new RpcError(rpcErrors.methodNotFound, `Method not found: ${method}${hint}`)
}

async function perform(
  req: EmuRequest,
  env: HandlerEnv,
  agent: StoredAgent,
  d: Dialect,
  id: unknown,
  method: string,
  params: unknown,
) {
  const op = d.operations[method]
  switch (op) {
    case 'send':
      return rpc(rpcResult(id, await methods.send(env, agent, d, params)))
    case 'stream':
      return methods.stream(req, env, agent, d, id, params)
    case 'subscribe':
      return methods.subscribe(req, env, agent, d, id, params)
    case 'get':
      return rpc(rpcResult(id, methods.get(env, agent, d, params)))
    case 'cancel':
      return rpc(rpcResult(id, methods.cancel(env, agent, d, params)))
    case 'list':
      return rpc(rpcResult(id, methods.list(env, agent, d, params)))
    case 'push':
      throw new RpcError(rpcErrors.pushNotSupported, 'Push notifications are not supported by this agent')
    case 'extendedCard':
      throw new RpcError(rpcErrors.extendedCardNotConfigured, 'This agent has no extended card')
    default:
      throw methodNotFound(d, method)
  }
}

/** Carries out a notification: sends start their task, cancels cancel; nothing is answered, errors included. */
function notify(env: HandlerEnv, agent: StoredAgent, d: Dialect, method: string, params: unknown): EmuResponse {
  const op = d.operations[method]
  try {
    if (op === 'send' || op === 'stream') methods.begin(env, agent, d.readSend(params))
    else if (op === 'cancel') methods.cancel(env, agent, d, params)
  } catch {
    // a notification is never answered, not even with an error (JSON-RPC 2.0 section 4.1)
  }
  return noReply
}

/** Handlers: agentCard, agentA2a (JSON-RPC 2.0). */
export const a2aHandlers = {
  agentCard(req, env) {
    return { status: 200, json: agentCard(agentOf(req, env), req.origin, env.state.skills) }
  },
  async agentA2a(req, env) {
    let id: unknown = null
    let notification = false
    // errors before the generation is known are written as the header asks, if it asks for one we speak
    let version: '1.0' | '0.3' = /^\s*1(\.|$)/.test(String(req.headers['a2a-version'] ?? '')) ? '1.0' : '0.3'
    try {
      const body = jsonRpcBody(req)
      const r = rpcRequestSchema.safeParse(body)
      if (!r.success) {
        const raw = (body as { id?: unknown } | null)?.id
        if (typeof raw === 'string' || typeof raw === 'number') id = raw
        throw new RpcError(rpcErrors.invalidRequest, 'Invalid Request', {
          violations: [
            {
              field: 'request',
              description: Array.isArray(body) ? 'batches are not part of A2A' : issueMessage(r.error),
            },
          ],
        })
      }
      notification = !('id' in (body as object))
      id = r.data.id
      const d = dialectOf(req.headers['a2a-version'], req.query)
      version = d.version
      const agent = agentOf(req, env)
      if (notification) return notify(env, agent, d, r.data.method, r.data.params)
      return await perform(req, env, agent, d, id, r.data.method, r.data.params)
    } catch (e) {
      if (!(e instanceof RpcError)) throw e
      if (notification) return noReply
      return rpc(rpcError(id, e.code, e.message, e.data(version)))
    }
  },
} satisfies HandlerTable
