// `agentry scenario edit <scenarioId>`: change what is given, nothing else; `--rotate-secret` makes a new signing
// secret, shown this once.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'
import { printScenario, scenarioBody, scenarioWriteOptions } from './write-options.js'

export default defineCommand({
  path: ['scenario', 'edit'],
  summary: 'Change a scenario: name, description, instruction, agent, status, signature header or secret',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  options: {
    ...scenarioWriteOptions,
    rotateSecret: flag('--rotate-secret', 'make a new signing secret and print it (the old one stops working)'),
  },
  examples: [
    'agentry scenario edit scn_1 --status disabled',
    'agentry scenario edit scn_1 --instruction @instruction.md --agent code-helper',
    'agentry scenario edit scn_1 --rotate-secret --json | jq -r .signature_secret > scn_1.secret',
  ],
  run: async ({ scenarioId, rotateSecret, ...o }, ctx) => {
    const body = { ...(await scenarioBody(o, ctx)), ...(rotateSecret ? { rotate_secret: true } : {}) }
    if (Object.keys(body).length === 0)
      throw new UsageError(
        'nothing to change',
        'pass --name, --description, --instruction, --agent, --status, --signature-header or --rotate-secret',
      )
    await printScenario(ctx, await (await ctx.sdk()).scenarios.edit(scenarioId, body))
  },
})
