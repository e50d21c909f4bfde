// How schedules are shown: when one runs, in words, and the columns of a table.
import type { Schedule } from '../../api/schemas/index.js'
import type { Field } from '../../io/output.js'
import { formatDuration } from '../../schedule-timing/duration.js'

/** When a schedule runs, in words: `cron 0 9 * * 1-5` or `every 1h30m`. */
function whenOf(s: Schedule): string {
  if (s.cron) return `cron ${s.cron}`
  return s.intervalSeconds ? `every ${formatDuration(s.intervalSeconds)}` : ''
}

/** Columns of `schedule list`. */
export const scheduleFields: Field<Schedule>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'SCENARIO', get: (s) => s.scenarioId, id: true },
  { header: 'WHEN', get: whenOf },
  { header: 'TIMEZONE', get: (s) => s.timezone },
  { header: 'STATUS', get: (s) => s.status },
  { header: 'NEXT RUN', get: (s) => s.nextRunAt },
]
