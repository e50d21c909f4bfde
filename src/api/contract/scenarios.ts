// The scenarios family (service-interface 4.4, 5.5): the execute body is signed over its exact bytes, so it is
// sent raw; its answer is an execution.
import * as z from '../zod.js'
import {
  executionSchema,
  scenarioCreateSchema,
  scenarioEditSchema,
  scenarioSchema,
  scenarioTriggerSchema,
} from '../schemas/automation.js'
import { listOf } from './paging.js'
import { type Contract, inferred, seed, op } from './types.js'

/** The body of a scenario run (service-interface 4.4): `input` absent reads "input is required". */
const executeBodySchema = z.object({
  input: z.string({ error: (issue) => (issue.input === undefined ? undefined : 'input must be a string') }),
})

/** Scenarios and signed runs. */
export const scenarios = {
  scenariosList: op('GET', '/{accountId}/scenarios', {
    provenance: inferred(
      'the SDK has `scenarios.list()` answering a plain array (brightsy-cookbook examples/scenarios/index.mjs); path not shown',
    ),
    scope: 'scenario',
    ...listOf(scenarioSchema),
    list: { noun: 'scenarios', summary: 'List the scenarios of the account' },
    sdk: 'scenarios.list',
    doc: 'Every scenario, page by page.',
    command: 'scenario list',
    mcp: 'list_scenarios',
  }),
  scenariosGet: op('GET', '/{accountId}/scenarios/{scenarioId}', {
    provenance: inferred(
      'the SDK has `scenarios.get(id)` (brightsy-cookbook examples/scenarios/index.mjs); path not shown',
    ),
    scope: 'scenario',
    response: scenarioSchema,
    sdk: 'scenarios.get',
    doc: 'One scenario.',
    command: 'scenario get',
  }),
  // the answer carries the generated `signature_secret` (its only appearance, as a webhook's secret at creation)
  scenariosCreate: op('POST', '/{accountId}/scenarios', {
    provenance: inferred(
      'the SDK has scenarios.create (brightsy-cookbook examples/scenarios README; public-facts row 28); the route (the list path) and body are not shown',
    ),
    // an unscoped credential: a key scoped to some scenarios names none of a new one
    body: scenarioCreateSchema,
    response: scenarioSchema,
    idempotent: false,
    sdk: 'scenarios.create',
    doc: 'Creates a scenario (an unscoped credential); the answer holds its generated `signature_secret`, shown this once. Never retried.',
    command: 'scenario create',
  }),
  scenariosEdit: op('PATCH', '/{accountId}/scenarios/{scenarioId}', {
    provenance: inferred('the SDK has scenarios.update (public-facts row 28); PATCH and the path are not shown'),
    scope: 'scenario',
    body: scenarioEditSchema,
    response: scenarioSchema,
    sdk: 'scenarios.edit',
    doc: 'Changes the members given; `rotate_secret: true` answers a new `signature_secret`, shown this once.',
    command: 'scenario edit',
  }),
  scenariosDelete: op('DELETE', '/{accountId}/scenarios/{scenarioId}', {
    provenance: inferred('the SDK has scenarios.delete (public-facts row 28); the path is not shown'),
    scope: 'scenario',
    sdk: 'scenarios.delete',
    doc: 'Deletes a scenario.',
    command: 'scenario delete',
  }),
  // with the caller's bearer credential, no signature: what a dashboard user without the signing secret can do
  scenarioTrigger: op('POST', '/{accountId}/scenarios/{scenarioId}/trigger', {
    provenance: inferred(
      'the SDK has scenarios.trigger(id, {input}) with the account credential (brightsy-cookbook examples/scenarios/index.mjs; public-facts row 27); the path is not shown',
    ),
    scope: 'scenario',
    body: scenarioTriggerSchema,
    response: executionSchema,
    idempotent: false,
    sdk: 'scenarios.trigger',
    doc: "Runs a scenario with the caller's credential (no signing secret); never retried (a retry could run it twice).",
    command: 'scenario trigger',
  }),
  // inferred: the SDK's scenarios.getExecutions(id, {page, limit}) (public-facts row 26); no path is published
  scenarioExecutions: op('GET', '/{accountId}/scenarios/{scenarioId}/executions', {
    provenance: inferred(
      'the SDK has scenarios.getExecutions(id, {page, limit}) (brightsy-cookbook examples/scenarios); the path is ours',
    ),
    scope: 'scenario',
    ...listOf(executionSchema),
    list: { noun: 'executions', summary: "List a scenario's executions (runs), newest first" },
    sdk: 'scenarios.executions',
    doc: "A scenario's executions (direct, webhook, schedule), newest first, page by page.",
    command: 'scenario runs',
    mcp: 'list_executions',
  }),
  // authenticated by the HMAC of the exact body bytes in the header the scenario names (service-interface 5.5)
  scenarioExecute: op('POST', '/scenario/{scenarioId}', {
    provenance: seed('4.4'),
    auth: 'signature',
    preflight: true,
    body: executeBodySchema,
    bodyRequired: true,
    response: executionSchema,
    idempotent: false,
    sdk: 'scenarios.execute',
    sdkByHand: true,
    doc: 'Runs a scenario with a signed body; never retried (a retry could run it twice).',
    command: 'scenario run',
    mcp: 'run_scenario',
  }),
} satisfies Contract<'scenarios'>
