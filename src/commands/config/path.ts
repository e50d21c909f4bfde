// `agentry config path`: the config file (with --json: the directory and both files).
import { configFile, credentialsFile } from '../../config/paths.js'
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['config', 'path'],
  summary: 'Print the path of the config file (AGENTRY_CONFIG_DIR, else the XDG config dir)',
  examples: ['agentry config path', '$EDITOR "$(agentry config path)"', 'agentry config path --json'],
  run: async (_opts, ctx) => {
    const dir = ctx.configDir()
    const out = ctx.output()
    if (out.format === 'json' || out.format === 'yaml' || out.format === 'ndjson')
      return out.item({ dir, config: configFile(dir), credentials: credentialsFile(dir) })
    await out.text(configFile(dir))
  },
})
