// `agentry agents create <name>`: a new agent (the official CLI's `agents create <name>`), printed as the service made it.
import { arg, defineCommand } from '../define.js'
import { agentBody, agentWriteOptions } from './write-options.js'

export default defineCommand({
  path: ['agents', 'create'],
  summary: 'Create an agent and print it',
  args: { name: arg('<name>', 'its name, at most 100 characters') },
  options: agentWriteOptions,
  examples: [
    'agentry agents create "Release notes" --description "Writes release notes" --instructions @prompt.md',
    'agentry agents create Triage --model emulator/scripted-1 --json | jq -r .id',
  ],
  run: async ({ name, ...o }, ctx) => {
    const agent = await (await ctx.sdk()).agents.create({ name, ...(await agentBody(o, ctx)) })
    await ctx.output().item(agent)
  },
})
