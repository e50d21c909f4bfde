// The flags of `schedule create|edit`, checked before anything is sent: exactly one of --cron and --every on create,
// a cron expression croner accepts, an IANA time zone Intl knows, a positive interval (wire.md Schedules).
import { UsageError } from '../../errors.js'
import { isTimeZone } from '../../schedule-timing/time-zone.js'
import { maxChars } from '../max-chars.js'
import { nonEmpty } from '../non-empty.js'
import type { Parsed } from '../define.js'
import { choice, custom, text } from '../options.js'
import { parseDuration } from '../../schedule-timing/duration.js'

/** --every → seconds, or a usage error that shows the accepted forms. */
function intervalSeconds(every: string): number {
  const s = parseDuration(every)
  const hint = 'e.g. --every 30s, 5m, 1h or 1h30m'
  if (typeof s === 'object') throw new UsageError(`--every ${every}: ${s.problem}`, hint)
  if (s === undefined || s < 1) throw new UsageError(`--every ${every}: not a duration of 1s or more`, hint)
  return s
}

/** --timezone: an IANA name Intl knows. */
function timeZone(tz: string, flag: string): string {
  if (!isTimeZone(tz)) throw new UsageError(`${flag} ${tz}: not a time zone`, 'an IANA name, e.g. UTC or Europe/Paris')
  return tz
}

/** The flags shared by create and edit (`verb` changes the help of --name). */
export function scheduleFlags(verb: 'create' | 'edit') {
  return {
    name: custom(
      '--name <name>',
      `name${verb === 'create' ? ' (default: scenario and timing)' : ''}`,
      maxChars(100, 'give a name'),
    ),
    scenario: custom(
      '--scenario <id>',
      'the scenario to run',
      nonEmpty('give a scenario id (see: agentry scenario list)'),
    ),
    cron: {
      ...custom(
        '--cron <expr>',
        'cron expression, e.g. "0 9 * * 1-5"',
        nonEmpty('give a cron expression, e.g. "0 9 * * 1-5"'),
      ),
      conflicts: ['every'],
    },
    every: custom('--every <duration>', 'interval, e.g. 30s, 5m, 1h, 1h30m', (text) => ({
      text,
      seconds: intervalSeconds(text),
    })),
    timezone: custom('--timezone <tz>', 'IANA time zone of the cron, e.g. Europe/Paris (default UTC)', timeZone),
    input: text('--input <text>', 'the input each run gets'),
    status: choice('--status <status>', 'active or inactive', ['active', 'inactive']),
  }
}

/** The parsed flags of create and edit. */
type ScheduleOptions = Parsed<Record<never, never>, ReturnType<typeof scheduleFlags>>

/** The body members a create or edit sends (only those given). */
interface ScheduleBody {
  name?: string
  scenarioId?: string
  cron?: string
  intervalSeconds?: number
  timezone?: string
  input?: string
  status?: 'active' | 'inactive'
}

/** Checks --cron with croner (the scheduler's own parser), in the given time zone; a usage error says what is wrong. */
async function checkCronOption(expr: string, timezone: string | undefined): Promise<void> {
  const { checkCron } = await import('../../schedule-timing/cron-check.js')
  const check = checkCron(expr, timezone)
  if (check.kind === 'invalid')
    throw new UsageError(
      `--cron "${expr}": ${check.reason}`,
      'five or six fields, e.g. --cron "0 9 * * 1-5" (09:00 on weekdays)',
    )
  if (check.kind === 'never') throw new UsageError(`--cron "${expr}": never fires`, 'e.g. --cron "0 9 * * 1-5"')
}

/** The body of a create or edit from checked options (`create` needs a scenario and exactly one timing). */
export async function scheduleBody(o: ScheduleOptions, create: boolean): Promise<ScheduleBody> {
  if (o.cron !== undefined && o.every !== undefined)
    throw new UsageError('--cron and --every are both given', 'a schedule runs on a cron or an interval: pass one')
  if (create && o.cron === undefined && o.every === undefined)
    throw new UsageError('when should it run?', 'pass --cron "<expr>" or --every <duration> (e.g. 5m)')
  if (o.cron !== undefined) await checkCronOption(o.cron, o.timezone)
  const body: ScheduleBody = {}
  if (o.name !== undefined) body.name = o.name
  if (o.scenario !== undefined) body.scenarioId = o.scenario
  if (o.cron !== undefined) body.cron = o.cron
  if (o.every !== undefined) body.intervalSeconds = o.every.seconds
  if (o.timezone !== undefined) body.timezone = o.timezone
  if (o.input !== undefined) body.input = o.input
  if (o.status !== undefined) body.status = o.status
  if (create) {
    if (!body.scenarioId) throw new UsageError('--scenario is required', 'e.g. --scenario scn_1')
    body.name ??= `${body.scenarioId} ${o.cron !== undefined ? `cron ${o.cron}` : `every ${o.every?.text}`}`.slice(
      0,
      100,
    )
  } else if (Object.keys(body).length === 0)
    throw new UsageError(
      'nothing to change',
      'pass --name, --scenario, --cron, --every, --timezone, --input or --status',
    )
  return body
}
