// `agentry skills get <skillId>`: one skill.
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['skills', 'get'],
  summary: 'Show one skill',
  args: { skillId: arg('<skillId>', 'the skill id') },
  examples: ['agentry skills get markdown', 'agentry skills get markdown --json | jq .tags'],
  get: (sdk, { skillId }) => sdk.skills.get(skillId),
})
