// Scenarios (service-interface 2.5, 4.4, 5.5; wire.md Scenarios): list and get never show `signature_secret`;
// execution is authenticated by an HMAC-SHA256 of the exact body bytes in the header the scenario names.
import { verifySignature } from '../../auth/hmac.js'
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
import { type DeclaredBody, type EmuRequest, type HandlerTable, HttpError } from '../types.js'
import { conflict, headerValue, listPage, notFound } from '../kit.js'

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

/** The scenario handlers, running agents through `runAgent` (the scripted model by default). */
function createScenarioHandlers(runAgent: RunAgent = scriptedRunAgent) {
  return {
    scenariosList(req, { state }) {
      const all = visibleTo(req.principal, state.scenarios.values(), (s) => ({ scenarioId: s.id }))
      return { status: 200, json: listPage(all.map(scenarioView), req) }
    },

    scenariosGet(req, { state }) {
      const id = req.params.scenarioId ?? ''
      const s = state.scenarios.get(id)
      if (s === undefined) throw notFound('scenario', id)
      return { status: 200, json: scenarioView(s) }
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

/** Handlers of the scenario routes (scenariosList, scenariosGet, scenarioExecutions, scenarioExecute). */
export const scenarioHandlers = createScenarioHandlers()
