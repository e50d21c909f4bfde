// `agentry schedule list|get|create|edit|delete` (commands.md; wire.md "API keys and schedules"): scenarios run on
// a cron (in a time zone) or every N seconds.
import { Command, Option } from 'commander'
import type { Schedule } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { confirmDestructive } from '../confirm.js'
import { formatDuration } from './duration.js'
import { scheduleBody, scheduleOptionsSchema } from './options.js'
import { printList } from '../list-notes.js'

/** When a schedule runs, in words: `cron 0 9 * * 1-5` or `every 1h30m`. */
export function whenOf(s: Schedule): string {
  if (s.cron) return `cron ${s.cron}`
  return s.intervalSeconds ? `every ${formatDuration(s.intervalSeconds)}` : ''
}

/** Columns of `schedule list`. */
export const scheduleFields: Field<Schedule>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'SCENARIO', get: (s) => s.scenarioId },
  { header: 'WHEN', get: whenOf },
  { header: 'TIMEZONE', get: (s) => s.timezone },
  { header: 'STATUS', get: (s) => s.status },
  { header: 'NEXT RUN', get: (s) => s.nextRunAt },
]

/** Adds the flags shared by create and edit. */
function withScheduleOptions(cmd: Command, verb: string): Command {
  return cmd
    .option('--name <name>', `name${verb === 'create' ? ' (default: scenario and timing)' : ''}`)
    .option('--scenario <id>', 'the scenario to run')
    .addOption(new Option('--cron <expr>', 'cron expression, e.g. "0 9 * * 1-5"').conflicts('every'))
    .option('--every <duration>', 'interval, e.g. 30s, 5m, 1h, 1h30m')
    .option('--timezone <tz>', 'IANA time zone of the cron, e.g. Europe/Paris (default UTC)')
    .option('--input <text>', 'the input each run gets')
    .addOption(new Option('--status <status>', 'active or inactive').choices(['active', 'inactive']))
}

/** Registers the schedule group (alias schedules). */
export function register(program: Command, ctx: Context): void {
  const group = new Command('schedule').alias('schedules').description('Run scenarios on a cron or an interval')
  const list = withListOptions(new Command('list').alias('ls').description('List the schedules of the account')).action(
    async (raw) => {
      const opts = parseOptions(listOptionsSchema, raw)
      await printList(ctx, (await ctx.sdk()).schedules.list(opts), opts, scheduleFields, 'schedules')
    },
  )
  examples(list, ['agentry schedule list', 'agentry schedules ls --all --json'])
  const get = new Command('get')
    .description('Show one schedule')
    .argument('<scheduleId>', 'the schedule')
    .action(async (scheduleId: string) => {
      await ctx.output().item(await (await ctx.sdk()).schedules.get(scheduleId))
    })
  examples(get, ['agentry schedule get sch_1', 'agentry schedule get sch_1 --json | jq -r .nextRunAt'])
  const create = withScheduleOptions(
    new Command('create').description('Create a schedule: a scenario, and --cron or --every'),
    'create',
  ).action(async (raw) => {
    const body = await scheduleBody(parseOptions(scheduleOptionsSchema, raw), true)
    // scheduleBody(…, true) has filled in name and scenarioId; the contract checks the body again before sending.
    await ctx
      .output()
      .item(await (await ctx.sdk()).schedules.create(body as typeof body & { name: string; scenarioId: string }))
  })
  examples(create, [
    'agentry schedule create --scenario scn_1 --every 1h --input "hourly sync"',
    'agentry schedule create --scenario scn_1 --cron "0 9 * * 1-5" --timezone Europe/Paris --name "Daily digest"',
  ])
  const edit = withScheduleOptions(
    new Command('edit').description('Change a schedule').argument('<scheduleId>', 'the schedule'),
    'edit',
  ).action(async (scheduleId: string, raw) => {
    const body = await scheduleBody(parseOptions(scheduleOptionsSchema, raw), false)
    await ctx.output().item(await (await ctx.sdk()).schedules.edit(scheduleId, body))
  })
  examples(edit, ['agentry schedule edit sch_1 --status inactive', 'agentry schedule edit sch_1 --every 15m'])
  const del = new Command('delete')
    .alias('rm')
    .description('Delete a schedule (asks first on a terminal; --yes otherwise)')
    .argument('<scheduleId>', 'the schedule')
    .option('-y, --yes', 'do not ask')
    .action(async (scheduleId: string, raw: { yes?: boolean }) => {
      await confirmDestructive(ctx, raw.yes, `Delete schedule ${scheduleId}?`, 'not deleted')
      await (await ctx.sdk()).schedules.delete(scheduleId)
      ctx.info(`deleted schedule ${scheduleId}`)
    })
  examples(del, ['agentry schedule delete sch_1', 'agentry schedule rm sch_1 --yes'])
  for (const c of [list, get, create, edit, del]) group.addCommand(c)
  examples(group, ['agentry schedule create --scenario scn_1 --every 5m', 'agentry schedule list'])
  program.addCommand(group)
}
