// The columns of a scenario in tables and TSV.
import type { Scenario } from '../../api/schemas/index.js'
import type { Field } from '../../io/output.js'

/** Columns of `scenario list`. */
export const scenarioFields: Field<Scenario>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'ENABLED', get: (s) => s.enabled },
  { header: 'AGENT', get: (s) => s.agentId, id: true },
  { header: 'SIGNATURE HEADER', get: (s) => s.signature_name },
]
