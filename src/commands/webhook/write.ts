// `webhook create` and `webhook edit`: flags checked locally against the interface's constraints (service-interface
// 2.4: name 2–100 characters, description at most 1000, status active|inactive) before anything is sent.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import { shownWebhook } from './fields.js'

const name = z
  .string()
  .refine((s) => s.length >= 2 && s.length <= 100, 'must be 2 to 100 characters, e.g. --name "New orders"')
const description = z.string().max(1000, 'must be at most 1000 characters')
const status = z.enum(['active', 'inactive'], 'must be active or inactive')
const scenario = z.string().min(1, 'give a scenario id (see: agentry scenario list)')

/** Options of `webhook create`. */
export const createOptionsSchema = z.object({
  name,
  description: description.optional(),
  status: status.default('active'),
  scenario,
})

/** Options of `webhook edit` (at least one change). */
export const editOptionsSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  status: status.optional(),
  scenario: scenario.optional(),
  showSecret: z.boolean().default(false),
})

const statusOption = (help: string) => new Option('--status <status>', help).choices(['active', 'inactive'])

/** The `webhook create` command. */
export function webhookCreateCommand(ctx: Context): Command {
  const cmd = new Command('create')
    .description('Create a webhook for a scenario and print it, with its secret (store the secret then)')
    .requiredOption('--name <name>', 'name, 2 to 100 characters')
    .option('--description <text>', 'description, at most 1000 characters')
    .addOption(statusOption('active or inactive').default('active'))
    .requiredOption('--scenario <id>', 'the scenario that runs on each trigger')
    .action(async (raw) => {
      const o = parseOptions(createOptionsSchema, raw)
      const body = { name: o.name, description: o.description, status: o.status, scenarioId: o.scenario }
      const hook = await (await ctx.sdk()).webhooks.create(body)
      await ctx.output().item(shownWebhook(ctx, hook, true))
      if (ctx.io.stdoutIsTTY && hook.secret) ctx.warn('the secret above is shown once; store it now')
    })
  return examples(cmd, [
    'agentry webhook create --name "New orders" --scenario scn_1',
    'agentry webhook create --name Import --scenario scn_2 --status inactive --json > hook.json',
    'secret=$(agentry webhook create --name CI --scenario scn_1 --json | jq -r .secret)',
  ])
}

/** The `webhook edit` command. */
export function webhookEditCommand(ctx: Context): Command {
  const cmd = new Command('edit')
    .description('Change a webhook: name, description, status or scenario')
    .argument('<webhookId>', 'the webhook')
    .option('--name <name>', 'new name, 2 to 100 characters')
    .option('--description <text>', 'new description, at most 1000 characters')
    .addOption(statusOption('active (receives triggers) or inactive'))
    .option('--scenario <id>', 'run this scenario instead')
    .option('--show-secret', 'print the secret instead of hiding it')
    .action(async (webhookId: string, raw) => {
      const o = parseOptions(editOptionsSchema, raw)
      const body = { name: o.name, description: o.description, status: o.status, scenarioId: o.scenario }
      if (Object.values(body).every((v) => v === undefined))
        throw new UsageError('nothing to change', 'pass --name, --description, --status or --scenario')
      const hook = await (await ctx.sdk()).webhooks.edit(webhookId, body)
      await ctx.output().item(shownWebhook(ctx, hook, o.showSecret))
    })
  return examples(cmd, [
    'agentry webhook edit whk_1 --status inactive',
    'agentry webhook edit whk_1 --name "Paid orders" --description "Stripe: paid orders"',
  ])
}
