// The columns of an agent in tables and TSV.
import type { Field } from '../../io/output.js'

/** Columns of `agents list`. */
export const agentFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (a) => a.id },
  { header: 'NAME', get: (a) => a.name },
  { header: 'MODEL', get: (a) => a.model },
  { header: 'DESCRIPTION', get: (a) => a.description },
]
