// `agentry scenario runs <scenarioId>`: a scenario's executions, newest first, a page or --all;
// `--watch` follows the executions that end from now on, and `--until-one` exits with the code of the next one to
// end (0 completed, 1 failed): a CI job that triggered a run by webhook waits for it with this.
import { executionsList } from '../../lists/declared.js'
import type { Execution } from '../../api/schemas/index.js'
import { CliError, UsageError } from '../../errors.js'
import { oneLine } from '../../scenario/run.js'
import { endedExecutions, waitForRun } from '../../sdk/scenario-runs.js'
import { arg, defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { custom, decimal, flag } from '../options.js'
import { executionFields } from './fields.js'

export default defineCommand({
  path: ['scenario', 'runs'],
  summary: executionsList.summary,
  args: { scenarioId: arg('<scenarioId>', executionsList.params.scenarioId) },
  options: {
    ...listOptions,
    watch: {
      ...flag('--watch', 'print the executions that end from now on, as they end, until Ctrl-C'),
      conflicts: ['all', 'page'],
    },
    untilOne: {
      ...flag('--until-one', 'wait for the next execution to end (implies --watch): exit 0 if it completed, 1 if not'),
      conflicts: ['all', 'page'],
    },
    since: custom(
      '--since <time>',
      'with --watch: count too the runs that started at or after this ISO 8601 time (one triggered just before)',
      parseSince,
    ),
    interval: decimal('--interval <seconds>', 'with --watch: how often to look, at most 3600 (default 2)', {
      above: 0,
      max: 3600,
      unit: 's',
      default: 2,
    }),
    wait: decimal(
      '--wait <seconds>',
      'with --until-one: give up after waiting this long in all (exit 124), at most 86400 (default: no limit)',
      { above: 0, max: 86_400, unit: 's' },
    ),
  },
  examples: [
    'agentry scenario runs scn_1',
    'agentry scenario runs scn_1 --all --json | jq -r \'.[] | select(.status == "failed") | .id\'',
    'agentry scenario runs scn_1 --watch -o ndjson',
    'agentry scenario runs scn_1 --until-one --since 2026-11-28T08:00:00Z --wait 600',
  ],
  run: async (o, ctx) => {
    const sdk = await ctx.sdk()
    if (o.since !== undefined && !o.watch && !o.untilOne)
      throw new UsageError('--since goes with --watch or --until-one', 'e.g. --until-one --since 2026-11-28T08:00:00Z')
    if (o.wait !== undefined && !o.untilOne)
      throw new UsageError('--wait goes with --until-one', 'e.g. --until-one --wait 600')
    if (!o.watch && !o.untilOne) {
      const list = executionsList.list(sdk, { scenarioId: o.scenarioId }, { page: o.page, limit: o.limit })
      await printList(ctx, list, o, executionFields, executionsList.noun)
      return
    }
    const out = ctx.output()
    const rows = out.format === 'table' || out.format === 'tsv'
    ctx.info(`watching the runs of ${o.scenarioId}${o.untilOne ? ' until the next one ends' : ''} (Ctrl-C stops)`)
    const since = o.since
    if (o.untilOne) {
      // --wait bounds the whole wait on the clock, the looks included (not only the sleeps between them)
      const e = await waitForRun(sdk.scenarios, o.scenarioId, {
        since,
        timeoutMs: o.wait === undefined ? undefined : o.wait * 1000,
        intervalMs: o.interval * 1000,
        now: () => ctx.now(),
        sleep: (ms) => ctx.wait(ms),
      })
      if (rows) await out.list([e], executionFields)
      else await out.item(e)
      return endOf(o.scenarioId, e)
    }
    for await (const e of endedExecutions(sdk.scenarios, o.scenarioId, () => ctx.wait(o.interval * 1000), since)) {
      // one execution a row (TSV) or a JSON value a line as it ends: a stream that jq and a shell loop read as it goes
      if (rows) await out.list([e], executionFields)
      else await out.item(e)
    }
  },
})

/** `--since`: an ISO 8601 date and time (with its offset or Z), as ms since the epoch. */
function parseSince(text: string, flag: string): number {
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(ms))
    throw new UsageError(`${flag} ${text}: not an ISO 8601 time with its offset`, 'e.g. --since 2026-11-28T08:00:00Z')
  return ms
}

/** The exit of `--until-one`: 0 for a completed execution, else an error naming the run (exit 1). */
function endOf(scenarioId: string, e: Execution): void {
  if (e.status !== 'completed')
    throw new CliError(`scenario ${scenarioId}: run ${e.id} ${e.status}: ${oneLine(e.output)}`)
}
