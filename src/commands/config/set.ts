// `agentry config set <key> <value>` and `config unset <key>`: the value is checked before anything is written, and
// the write is atomic under the config file's lock, so parallel runs never lose each other's changes.
import { Command } from 'commander'
import { checkedProfileName, kebab, validateSetting } from '../../config/resolve.js'
import { updateConfig } from '../../config/store.js'
import { configFile } from '../../config/paths.js'
import type { Context } from '../../context.js'
import { examples } from '../shared.js'
import { keyNames, parseStoredKeyName } from './keys.js'

/** Stores one setting in the run's profile. */
export async function configSetRun(ctx: Context, name: string, raw: string): Promise<void> {
  const key = parseStoredKeyName(name)
  const profile = checkedProfileName(ctx.profile())
  const value = validateSetting(key, raw, `config set ${kebab(key)}`)
  await updateConfig(ctx.configDir(), (cfg) => {
    cfg.profiles[profile] = { ...cfg.profiles[profile], [key]: value }
  })
  ctx.info(`set ${kebab(key)} = ${String(value)} in profile ${profile} (${configFile(ctx.configDir())})`)
}

/** Removes one setting from the run's profile. */
export async function configUnsetRun(ctx: Context, name: string): Promise<void> {
  const key = parseStoredKeyName(name)
  const profile = checkedProfileName(ctx.profile())
  const had = await updateConfig(ctx.configDir(), (cfg) => {
    const p = cfg.profiles[profile]
    if (!p || p[key] === undefined) return false
    delete p[key]
    return true
  })
  ctx.info(had ? `unset ${kebab(key)} in profile ${profile}` : `${kebab(key)} was not set in profile ${profile}`)
}

/** `config set`. */
export function configSetCommand(ctx: Context): Command {
  const cmd = new Command('set')
    .description('Store a setting in the profile (checked before it is written)')
    .argument('<key>', `one of: ${keyNames().join(', ')}`)
    .argument('<value>', 'the value')
    .action((key: string, value: string) => configSetRun(ctx, key, value))
  return examples(cmd, [
    'agentry config set base-url https://host/api/v1beta',
    'agentry config set account acc_123',
    'agentry --profile ci config set timeout 600',
  ])
}

/** `config unset`. */
export function configUnsetCommand(ctx: Context): Command {
  const cmd = new Command('unset')
    .description('Remove a setting from the profile')
    .argument('<key>', `one of: ${keyNames().join(', ')}`)
    .action((key: string) => configUnsetRun(ctx, key))
  return examples(cmd, ['agentry config unset default-agent', 'agentry --profile ci config unset base-url'])
}
