// A schedule's `cron` is read by croner, the emulator scheduler's own parser (wire.md "API keys and schedules"), so
// the CLI refuses before sending exactly what the emulator would refuse. The CLI imports this module lazily: croner
// is loaded only when a cron expression is given.
import { Cron } from 'croner'

/** What croner makes of a cron expression. */
export type CronCheck = { kind: 'fires' } | { kind: 'never' } | { kind: 'invalid'; reason: string }

/** Parses `expr` in `timezone` (none or '': the runtime's own) and looks for a run after `from` (default now). */
export function checkCron(expr: string, timezone: string | undefined, from?: Date): CronCheck {
  let next: Date | null
  try {
    next = new Cron(expr, { paused: true, ...(timezone ? { timezone } : {}) }).nextRun(from)
  } catch (err) {
    return { kind: 'invalid', reason: (err as Error).message.replace(/^CronPattern: /, '') }
  }
  return next === null ? { kind: 'never' } : { kind: 'fires' }
}
