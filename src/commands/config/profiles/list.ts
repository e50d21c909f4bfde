// `agentry config profiles [list]`: every saved profile, and which one this run uses.
import { loadConfig, loadCredentials } from '../../../config/store.js'
import type { Context } from '../../../context.js'
import type { Field } from '../../../io/output.js'
import { defineCommand } from '../../define.js'

/** One row of `config profiles`. */
interface ProfileRow {
  name: string
  current: boolean
  baseUrl: string | null
  account: string | null
  credential: 'api-key' | 'oauth' | 'none'
}

/** Columns of `config profiles`. */
const profileFields: Field<ProfileRow>[] = [
  { header: 'NAME', get: (r) => r.name },
  { header: 'CURRENT', get: (r) => r.current },
  { header: 'BASE URL', get: (r) => r.baseUrl },
  { header: 'ACCOUNT', get: (r) => r.account },
  { header: 'CREDENTIAL', get: (r) => r.credential },
]

/** Every profile named in config.json or credentials.json, plus the current one, sorted by name. */
async function profileRows(ctx: Context): Promise<ProfileRow[]> {
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

export default defineCommand({
  path: ['config', 'profiles', 'list'],
  aliases: ['ls'],
  // the default of `config profiles`: `agentry config profiles` alone lists them, as before
  isDefault: true,
  summary: 'List the saved profiles and show which one is in use (--profile, AGENTRY_PROFILE, or default)',
  examples: ['agentry config profiles', 'agentry config profiles list --json'],
  run: async (_opts, ctx) => {
    await ctx.output().list(await profileRows(ctx), profileFields)
  },
})
