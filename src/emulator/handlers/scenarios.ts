// Scenarios (service-interface 2.5, 4.4, 5.5; wire.md Scenarios): list and get never show `signature_secret`;
// execution is authenticated by an HMAC-SHA256 of the exact body bytes in the header the scenario names.
import { randomBytes } from 'node:crypto'
import { verifySignature } from '../../auth/hmac.js'
import { agentIn } from '../default-agent.js'
import {
  executeScenario,
  executionHistoryView,
  executionView,
  type RunAgent,
  scriptedRunAgent,
} from '../scenario-run.js'
import { visibleTo } from '../scope.js'
import type { StoredScenario } from '../state.js'
import { checkDeclared } from '../declared.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { badRequest, conflict, headerValue, isoNow, listPage, newId, notFound } from '../kit.js'

/** A scenario as the API shows it: everything but the signing secret. */
function scenarioView(s: StoredScenario): Record<string, unknown> {
  const { signature_secret: _secret, ...rest } = s
  return rest
}

const unauthorized = (message: string) => new HttpError(401, message, {}, 'invalid_signature')

/** Checks the scenario's signature header against the raw body (service-interface 5.5; constant time). */
function checkSignature(req: EmuRequest, scenario: StoredScenario): void {
  const given = headerValue(req, scenario.signature_name)
  if (given === undefined || given === '') {
    throw unauthorized(`missing signature: send the HMAC-SHA256 of the body in the ${scenario.signature_name} header`)
  }
  if (!verifySignature(scenario.signature_secret, req.rawBody, given.trim())) {
    throw unauthorized(
      `invalid signature in ${scenario.signature_name}: expected the lowercase hex HMAC-SHA256 of the exact body bytes`,
    )
  }
}

/** A fresh signing secret: shown once, in the answer that made it. */
const newSigningSecret = () => `scnsec_${randomBytes(24).toString('base64url')}`

/** The header a new scenario's signature travels in, unless the caller names one. */
const defaultSignatureName = 'X-Signature'

/** A scenario's agent must exist in the caller's account (a 400 naming the field, as a webhook's scenario). */
function checkAgent(req: EmuRequest, env: HandlerEnv, agentId: string): void {
  if (agentIn(env.state, agentId, req.principal?.accountId) === undefined)
    throw badRequest(`agentId: agent "${agentId}" does not exist`)
}

function scenarioOf(req: EmuRequest, env: HandlerEnv): StoredScenario {
  const id = req.params.scenarioId ?? ''
  const s = env.state.scenarios.get(id)
  if (s === undefined) throw notFound('scenario', id)
  return s
}

/** The scenario handlers, running agents through `runAgent` (the scripted model by default). */
function createScenarioHandlers(runAgent: RunAgent = scriptedRunAgent) {
  return {
    scenariosList(req, { state }) {
      const all = visibleTo(req.principal, state.scenarios.values(), (s) => ({ scenarioId: s.id }))
      return { status: 200, json: listPage(all.map(scenarioView), req) }
    },

    scenariosGet(req, env) {
      return { status: 200, json: scenarioView(scenarioOf(req, env)) }
    },

    scenariosCreate(req, env) {
      const body = req.input as DeclaredBody<'scenariosCreate'>
      checkAgent(req, env, body.agentId)
      const now = isoNow(env)
      const scenario: StoredScenario = {
        id: newId('scn'),
        name: body.name,
        description: body.description ?? null,
        enabled: body.enabled ?? true,
        instruction: body.instruction,
        agentId: body.agentId,
        signature_name: body.signature_name ?? defaultSignatureName,
        signature_secret: newSigningSecret(),
        createdAt: now,
        updatedAt: now,
      }
      env.state.scenarios.set(scenario.id, scenario)
      return { status: 201, json: { ...scenarioView(scenario), signature_secret: scenario.signature_secret } }
    },

    // the secret is answered only when this edit made a new one (`rotate_secret`)
    scenariosEdit(req, env) {
      const s = scenarioOf(req, env)
      const { rotate_secret, ...changes } = req.input as DeclaredBody<'scenariosEdit'>
      if (changes.agentId !== undefined) checkAgent(req, env, changes.agentId)
      const next: StoredScenario = {
        ...s,
        ...changes,
        ...(rotate_secret ? { signature_secret: newSigningSecret() } : {}),
        updatedAt: isoNow(env),
      }
      env.state.scenarios.set(s.id, next)
      const json = rotate_secret
        ? { ...scenarioView(next), signature_secret: next.signature_secret }
        : scenarioView(next)
      return { status: 200, json }
    },

    scenariosDelete(req, env) {
      env.state.scenarios.delete(scenarioOf(req, env).id)
      return { status: 204 }
    },

    // the caller's bearer credential was checked (and its scope) before this runs; a disabled scenario is a 409
    async scenarioTrigger(req, env) {
      const scenario = scenarioOf(req, env)
      if (scenario.enabled === false) throw conflict('Scenario is disabled', 'scenario_disabled')
      const { input } = req.input as DeclaredBody<'scenarioTrigger'>
      const text = typeof input === 'string' ? input : input === undefined ? '' : JSON.stringify(input)
      const execution = await executeScenario(env, scenario, text, 'bearer', runAgent)
      return { status: 200, json: executionView(execution) }
    },

    // newest first: by start, then by end (the Map holds them in the order they ended)
    scenarioExecutions(req, { state }) {
      const id = req.params.scenarioId ?? ''
      if (!state.scenarios.has(id)) throw notFound('scenario', id)
      const runs = [...state.executions.values()].filter((e) => e.scenarioId === id).reverse()
      runs.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0))
      return { status: 200, json: listPage(runs.map(executionHistoryView), req) }
    },

    // Order: unknown (404) → signature (401, before anything about the scenario leaks) → disabled (409) → body (400).
    async scenarioExecute(req, env) {
      const id = req.params.scenarioId ?? ''
      const scenario = env.state.scenarios.get(id)
      if (scenario === undefined) throw notFound('scenario', id)
      checkSignature(req, scenario)
      if (scenario.enabled === false) throw conflict('Scenario is disabled', 'scenario_disabled')
      await checkDeclared(req)
      const { input } = req.input as DeclaredBody<'scenarioExecute'>
      const execution = await executeScenario(env, scenario, input, 'signed', runAgent)
      return { status: 200, json: executionView(execution) }
    },
  } satisfies HandlerTable
}

/** Handlers of the scenario routes: list, get, create, edit, delete, executions, the signed run and the trigger. */
export const scenarioHandlers = createScenarioHandlers()
