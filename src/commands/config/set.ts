// `agentry config set <key> <value>`: the value is checked before anything is written, and the write is atomic
// under the config file's lock, so parallel runs never lose each other's changes.
import { configFile } from '../../config/paths.js'
import { checkedProfileName, kebab, validateSetting } from '../../config/resolve.js'
import { updateConfig } from '../../config/store.js'
import { arg, defineCommand } from '../define.js'
import { keyNames, parseStoredKeyName } from './keys.js'

export default defineCommand({
  path: ['config', 'set'],
  summary: 'Store a setting in the profile (checked before it is written)',
  args: { key: arg('<key>', `one of: ${keyNames().join(', ')}`), value: arg('<value>', 'the value') },
  examples: [
    'agentry config set base-url https://host/api/v1beta',
    'agentry config set account acc_123',
    'agentry --profile ci config set timeout 600',
  ],
  run: async ({ key: name, value: raw }, ctx) => {
    const key = parseStoredKeyName(name)
    const profile = await checkedProfileName(ctx.profile())
    const value = await validateSetting(key, raw, `config set ${kebab(key)}`)
    await updateConfig(ctx.configDir(), (cfg) => {
      cfg.profiles[profile] = { ...cfg.profiles[profile], [key]: value }
    })
    ctx.info(`set ${kebab(key)} = ${String(value)} in profile ${profile} (${configFile(ctx.configDir())})`)
  },
})
