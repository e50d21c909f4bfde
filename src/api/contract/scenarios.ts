// The scenarios family (service-interface 4.4, 5.5): the execute body is signed over its exact bytes, so it is
// sent raw; its answer is an execution.
import * as z from '../zod.js'
import { executionSchema, scenarioSchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import { type Contract, op } from './types.js'

/** The body of a scenario run (service-interface 4.4): `input` absent reads "input is required". */
const executeBodySchema = z.object({
  input: z.string({ error: (issue) => (issue.input === undefined ? undefined : 'input must be a string') }),
})

/** Scenarios and signed runs. */
export const scenarios = {
  scenariosList: op('GET', '/{accountId}/scenarios', {
    scope: 'scenario',
    ...listOf(scenarioSchema),
    sdk: 'scenarios.list',
    doc: 'Every scenario, page by page.',
    command: 'scenario list',
    mcp: 'list_scenarios',
  }),
  scenariosGet: op('GET', '/{accountId}/scenarios/{scenarioId}', {
    scope: 'scenario',
    response: scenarioSchema,
    sdk: 'scenarios.get',
    doc: 'One scenario.',
    command: 'scenario get',
  }),
  // inferred: the SDK's scenarios.getExecutions(id, {page, limit}) (public-facts row 26); no path is published
  scenarioExecutions: op('GET', '/{accountId}/scenarios/{scenarioId}/executions', {
    scope: 'scenario',
    ...listOf(executionSchema),
    sdk: 'scenarios.executions',
    doc: "A scenario's executions (direct, webhook, schedule), newest first, page by page.",
    command: 'scenario runs',
    mcp: 'list_executions',
  }),
  // authenticated by the HMAC of the exact body bytes in the header the scenario names (service-interface 5.5)
  scenarioExecute: op('POST', '/scenario/{scenarioId}', {
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
