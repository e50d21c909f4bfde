// The columns of a scenario in tables and TSV.
import type { Execution, Scenario } from '../../api/schemas/index.js'
import { formatDuration } from '../../io/format-duration.js'
import type { Field } from '../../io/output.js'

/** Columns of `scenario list`. */
export const scenarioFields: Field<Scenario>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'ENABLED', get: (s) => s.enabled },
  { header: 'AGENT', get: (s) => s.agentId, id: true },
  { header: 'SIGNATURE HEADER', get: (s) => s.signature_name },
]

/** Columns of `scenario runs`: newest first, what started each, when, and how long it took. */
export const executionFields: Field<Execution>[] = [
  { header: 'ID', get: (e) => e.id },
  { header: 'STATUS', get: (e) => e.status },
  { header: 'TRIGGER', get: (e) => e.trigger },
  { header: 'STARTED', get: (e) => e.startedAt },
  { header: 'DURATION', get: (e) => durationOf(e) },
]

function durationOf(e: Execution): string | undefined {
  if (e.startedAt === undefined || e.finishedAt === undefined) return undefined
  const ms = Date.parse(e.finishedAt) - Date.parse(e.startedAt)
  return Number.isFinite(ms) ? formatDuration(ms) : undefined
}
