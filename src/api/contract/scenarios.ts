// The scenarios family (service-interface 4.4, 5.5): the execute body is signed over its exact bytes, so it is
// sent raw; its answer is an execution.
import * as z from '../zod.js'
import { executionSchema, scenarioSchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import type { Contract } from './types.js'

/** The body of a scenario run (service-interface 4.4). */
const executeBodySchema = z.object({ input: z.string() })

/** Scenarios and signed runs. */
export const scenarios = {
  scenariosList: listOf(scenarioSchema),
  scenariosGet: { response: scenarioSchema },
  scenarioExecute: { body: executeBodySchema, response: executionSchema, idempotent: false },
} satisfies Contract<'scenarios'>
