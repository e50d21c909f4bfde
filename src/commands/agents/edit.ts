// `agentry agents edit <agentId>`: change what is given (name, description, instructions, model), nothing else.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { maxChars } from '../max-chars.js'
import { custom } from '../options.js'
import { agentBody, agentWriteOptions } from './write-options.js'

export default defineCommand({
  path: ['agents', 'edit'],
  summary: 'Change an agent: name, description, instructions or model',
  args: { agentId: arg('<agentId>', 'the agent') },
  options: { name: custom('--name <name>', 'new name, at most 100 characters', maxChars(100)), ...agentWriteOptions },
  examples: [
    'agentry agents edit agt_1 --instructions @prompt.md',
    'agentry agents edit agt_1 --name "Release notes" --model emulator/scripted-mini',
  ],
  run: async ({ agentId, name, ...o }, ctx) => {
    const body = { ...(name !== undefined ? { name } : {}), ...(await agentBody(o, ctx)) }
    if (Object.keys(body).length === 0)
      throw new UsageError('nothing to change', 'pass --name, --description, --instructions or --model')
    await ctx.output().item(await (await ctx.sdk()).agents.edit(agentId, body))
  },
})
