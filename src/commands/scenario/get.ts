// `agentry scenario get <scenarioId>`: one scenario (its signature header name, never its secret).
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['scenario', 'get'],
  summary: 'Show one scenario (its signature header name, never its secret)',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  examples: ['agentry scenario get scn_1', 'agentry scenario get scn_1 --json | jq -r .signature_name'],
  run: async ({ scenarioId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).scenarios.get(scenarioId))
  },
})
