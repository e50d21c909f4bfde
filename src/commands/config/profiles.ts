// `agentry config profiles` (every saved profile, and which one this run uses) and `config path`.
import { Command } from 'commander'
import { configFile, credentialsFile } from '../../config/paths.js'
import { loadConfig, loadCredentials } from '../../config/store.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { examples } from '../shared.js'

/** One row of `config profiles`. */
export interface ProfileRow {
  name: string
  current: boolean
  baseUrl: string | null
  account: string | null
  credential: 'api-key' | 'oauth' | 'none'
}

/** Columns of `config profiles`. */
export const profileFields: Field<ProfileRow>[] = [
  { header: 'NAME', get: (r) => r.name },
  { header: 'CURRENT', get: (r) => r.current },
  { header: 'BASE URL', get: (r) => r.baseUrl },
  { header: 'ACCOUNT', get: (r) => r.account },
  { header: 'CREDENTIAL', get: (r) => r.credential },
]

/** Every profile named in config.json or credentials.json, plus the current one, sorted by name. */
export async function profileRows(ctx: Context): Promise<ProfileRow[]> {
  const dir = ctx.configDir()
  const [cfg, creds] = await Promise.all([loadConfig(dir), loadCredentials(dir)])
  const current = ctx.profile().value
  const names = new Set([...Object.keys(cfg.profiles), ...Object.keys(creds.profiles), current])
  return [...names].sort().map((name) => {
    const p = cfg.profiles[name]
    const c = creds.profiles[name]
    return {
      name,
      current: name === current,
      baseUrl: p?.baseUrl ?? null,
      account: p?.account ?? null,
      credential: c?.apiKey ? 'api-key' : c?.oauth ? 'oauth' : 'none',
    }
  })
}

/** `config profiles`. */
export function configProfilesCommand(ctx: Context): Command {
  const cmd = new Command('profiles')
    .description('List the saved profiles and show which one is in use (--profile, AGENTRY_PROFILE, or default)')
    .action(async () => {
      await ctx.output().list(await profileRows(ctx), profileFields)
    })
  return examples(cmd, ['agentry config profiles', 'agentry config profiles --json'])
}

/** `config path`: the config file (with --json: the directory and both files). */
export function configPathCommand(ctx: Context): Command {
  const cmd = new Command('path')
    .description('Print the path of the config file (AGENTRY_CONFIG_DIR, else the XDG config dir)')
    .action(async () => {
      const dir = ctx.configDir()
      const out = ctx.output()
      if (out.format === 'json' || out.format === 'yaml' || out.format === 'ndjson')
        return out.item({ dir, config: configFile(dir), credentials: credentialsFile(dir) })
      await out.text(configFile(dir))
    })
  return examples(cmd, ['agentry config path', '$EDITOR "$(agentry config path)"', 'agentry config path --json'])
}
