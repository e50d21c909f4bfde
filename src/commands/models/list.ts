// `agentry models [list]`: the agents list's `models[]` (client.models.list()), the models `chat --model` talks to.
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['models', 'list'],
  aliases: ['ls'],
  isDefault: true,
  summary: 'List the models you can chat with directly (agentry chat --model <id>)',
  examples: ['agentry models', 'agentry models list --json | jq -r ".[].id"', 'agentry chat --list-targets'],
  helpAfter: `
The models come with the agents list (include_models=true); \`agentry chat --list-targets\` shows agents and models
together ({agents, models} with --json, as the official CLI's \`chat --list-targets --json\`).`,
  run: async (_opts, ctx) => {
    const models = await (await ctx.sdk()).models.list()
    await ctx.output().list(models, [
      { header: 'ID', get: (m) => m.id },
      { header: 'NAME', get: (m) => m.name },
      { header: 'DESCRIPTION', get: (m) => m.description },
    ])
  },
})
