// `agentry webhook create`: a webhook for a scenario, printed with its secret (shown this once).
import { defineCommand } from '../define.js'
import { choice, required } from '../options.js'
import { shownWebhook } from './fields.js'
import { descriptionFlag, nameFlag, scenarioFlag } from './write-options.js'

export default defineCommand({
  path: ['webhook', 'create'],
  summary: 'Create a webhook for a scenario and print it, with its secret (store the secret then)',
  options: {
    name: required(nameFlag('name, 2 to 100 characters')),
    description: descriptionFlag('description, at most 1000 characters'),
    status: choice('--status <status>', 'active or inactive', ['active', 'inactive']),
    scenario: required(scenarioFlag('the scenario that runs on each trigger')),
  },
  // commander shows the default beside the choices in --help, as it always has
  commander: (cmd) => cmd.options.find((o) => o.long === '--status')?.default('active'),
  examples: [
    'agentry webhook create --name "New orders" --scenario scn_1',
    'agentry webhook create --name Import --scenario scn_2 --status inactive --json > hook.json',
    'secret=$(agentry webhook create --name CI --scenario scn_1 --json | jq -r .secret)',
  ],
  run: async (o, ctx) => {
    const body = {
      name: o.name,
      description: o.description,
      status: o.status ?? 'active',
      scenarioId: o.scenario,
    }
    const hook = await (await ctx.sdk()).webhooks.create(body)
    await ctx.output().item(shownWebhook(ctx, hook, true))
    if (ctx.io.stdoutIsTTY && hook.secret) ctx.warn('the secret above is shown once; store it now')
  },
})
