// `agentry scenario create`: a scenario (the SDK's scenarios.create), printed with its generated signing secret
// (shown this once).
import { defineCommand } from '../define.js'
import { required } from '../options.js'
import { printScenario, scenarioBody, scenarioWriteOptions } from './write-options.js'

const { name, instruction, agent, ...rest } = scenarioWriteOptions

export default defineCommand({
  path: ['scenario', 'create'],
  summary: 'Create a scenario and print it, with its signing secret (store the secret then)',
  options: { name: required(name), instruction: required(instruction), agent: required(agent), ...rest },
  examples: [
    'agentry scenario create --name "Summarize ticket" --agent demo-assistant --instruction @instruction.md',
    'secret=$(agentry scenario create --name Triage --agent demo-assistant --instruction "Sort it" --json | jq -r .signature_secret)',
  ],
  run: async (o, ctx) => {
    const body = await scenarioBody(o, ctx)
    const created = { ...body, name: o.name, instruction: body.instruction ?? o.instruction, agentId: o.agent }
    await printScenario(ctx, await (await ctx.sdk()).scenarios.create(created))
  },
})
