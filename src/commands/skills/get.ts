// `agentry skills get <skillId>`: one skill.
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['skills', 'get'],
  summary: 'Show one skill',
  args: { skillId: arg('<skillId>', 'the skill id') },
  examples: ['agentry skills get markdown', 'agentry skills get markdown --json | jq .tags'],
  run: async ({ skillId }, ctx) => {
    await ctx.output().item(await (await ctx.sdk()).skills.get(skillId))
  },
})
