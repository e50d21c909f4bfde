// `agentry config unset <key>`: removes one setting from the run's profile (atomic, under the file's lock).
import { checkedProfileName, kebab } from '../../config/resolve.js'
import { updateConfig } from '../../config/store.js'
import { arg, defineCommand } from '../define.js'
import { keyNames, parseStoredKeyName } from './keys.js'

export default defineCommand({
  path: ['config', 'unset'],
  summary: 'Remove a setting from the profile',
  args: { key: arg('<key>', `one of: ${keyNames().join(', ')}`) },
  examples: ['agentry config unset default-agent', 'agentry --profile ci config unset base-url'],
  run: async ({ key: name }, ctx) => {
    const key = parseStoredKeyName(name)
    const profile = await checkedProfileName(ctx.profile())
    const had = await updateConfig(ctx.configDir(), (cfg) => {
      const p = cfg.profiles[profile]
      if (!p || p[key] === undefined) return false
      delete p[key]
      return true
    })
    ctx.info(had ? `unset ${kebab(key)} in profile ${profile}` : `${kebab(key)} was not set in profile ${profile}`)
  },
})
