// `agentry scenario list|get|run|sign` (commands.md; wire.md Scenarios). Records never carry the signing secret.
import { Command } from 'commander'
import type { Scenario } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { scenarioRunCommand } from './run.js'
import { scenarioSignCommand } from './sign.js'
import { printList } from '../list-notes.js'

/** Columns of `scenario list`. */
export const scenarioFields: Field<Scenario>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'ENABLED', get: (s) => s.enabled },
  { header: 'AGENT', get: (s) => s.agentId },
  { header: 'SIGNATURE HEADER', get: (s) => s.signature_name },
]

/** Registers the scenario group (alias scenarios). */
export function register(program: Command, ctx: Context): void {
  const group = new Command('scenario').alias('scenarios').description('List, show, run and sign scenarios')
  const list = withListOptions(new Command('list').alias('ls').description('List the scenarios of the account')).action(
    async (raw) => {
      const opts = parseOptions(listOptionsSchema, raw)
      await printList(ctx, (await ctx.sdk()).scenarios.list(opts), opts, scenarioFields, 'scenarios')
    },
  )
  examples(list, ['agentry scenario list', 'agentry scenarios ls --all --json'])
  const get = new Command('get')
    .description('Show one scenario (its signature header name, never its secret)')
    .argument('<scenarioId>', 'the scenario')
    .action(async (scenarioId: string) => {
      await ctx.output().item(await (await ctx.sdk()).scenarios.get(scenarioId))
    })
  examples(get, ['agentry scenario get scn_1', 'agentry scenario get scn_1 --json | jq -r .signature_name'])
  group.addCommand(list).addCommand(get).addCommand(scenarioRunCommand(ctx)).addCommand(scenarioSignCommand(ctx))
  examples(group, ['agentry scenario list', 'AGENTRY_SCENARIO_SECRET=… agentry scenario run scn_1 --input hi'])
  program.addCommand(group)
}
