// Stateless completions and cancel (service-interface 4.1, 4.2; wire.md "Requests and identifiers").
import { randomUUID } from 'node:crypto'
import { type DeclaredBody, type EmuRequest, type HandlerTable, HttpError } from '../types.js'
import { defaultAgentId } from '../../chat/targets.js'
import { demoModels } from '../default-agent.js'
import { agentOf } from '../handlers/agents.js'
import type { StoredAgent } from '../state.js'
import { cancelRequest, runCompletion } from './run.js'

// It is echoed in the X-Request-Id header, so it must be a plain visible-ASCII token.
const requestIdPattern = /^[\x21-\x7e]{1,200}$/

/** The request_id of a completion: the client's (wire.md: a UUID v4, echoed) or a fresh one. */
export function requestIdOf(given: string | undefined): string {
  if (given === undefined || given === '') return randomUUID()
  if (!requestIdPattern.test(given)) {
    throw new HttpError(400, 'request_id must be 1 to 200 visible ASCII characters (a UUID)', {}, 'invalid_body')
  }
  return given
}

function cancelId(req: EmuRequest): string {
  const b = req.body
  if (typeof b === 'object' && b !== null && !Array.isArray(b)) {
    const id = (b as Record<string, unknown>).request_id
    if (typeof id === 'string' && id !== '') return id
    if (id !== undefined && id !== null && id !== '') throw new HttpError(400, 'request_id must be a string')
  }
  // the interface leaves the place of request_id open (4.2); the body is the contract, the query is tolerated
  const q = req.query.get('request_id')
  if (q) return q
  throw new HttpError(400, 'request_id is required')
}

/**
 * The agent answering: a model chat (the default agent, naming one of the account's models) answers on that model;
 * an agent of its own keeps its model whatever the body says (OpenAI clients always send one).
 */
function withModel(agent: StoredAgent, model: string | undefined): StoredAgent {
  if (model === undefined || agent.id !== defaultAgentId) return agent
  const known = demoModels.find((m) => m.id === model)
  if (known === undefined)
    throw new HttpError(
      400,
      `model: "${model}" is not one of the account's models (the agents list's models[])`,
      {},
      'invalid_body',
    )
  // the scripted model introduces itself by the agent's name: a model chat, by the model's
  return { ...agent, model, name: known.name ?? model }
}

/** Handlers: completion, completionCancel. */
export const completionHandlers = {
  completion(req, env) {
    // checked against the route's contract entry before this runs (src/emulator/declared.ts)
    const body = req.input as DeclaredBody<'completion'>
    return runCompletion(req, env, {
      agent: withModel(agentOf(req, env), body.model),
      messages: body.messages,
      tools: body.tools,
      maxTokens: body.max_tokens,
      stream: body.stream ?? false,
      requestId: requestIdOf(body.request_id),
    })
  },
  completionCancel(req, env) {
    const agent = agentOf(req, env)
    const id = cancelId(req)
    const outcome = cancelRequest(env, agent.id, id)
    if (outcome === 'cancelled') return { status: 200, json: { message: 'Request cancelled' } }
    if (outcome === 'already') return { status: 200, json: { message: 'Request already cancelled' } }
    throw new HttpError(404, 'Request not found', {}, 'not_found')
  },
} satisfies HandlerTable
