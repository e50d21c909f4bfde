// A profile named by --profile or AGENTRY_PROFILE must exist (a misspelt one would run silently with no settings),
// except for the commands that create one (login, oauth login, config set) or only show them.
import { loadConfig, loadCredentials } from './store.js'
import type { Sourced } from './resolve.js'
import { UsageError } from '../errors.js'
import { didYouMean } from '../io/did-you-mean.js'

/** Command paths (below `agentry`) that may name a profile that does not exist yet. */
const mayCreate = new Set([
  'login',
  'oauth login',
  'config set',
  'config profiles',
  'config profiles list',
  'config path',
  'version',
  'completion',
  '__complete',
])

/** What the profile check needs of the run (the Context is one): the config folder, the profile, --emulator. */
interface ProfileRun {
  configDir(): string
  profile(): Sourced<string>
  readonly emulator?: object | undefined
}

/** Every profile named in config.json or credentials.json, sorted. */
export async function savedProfiles(ctx: Pick<ProfileRun, 'configDir'>): Promise<string[]> {
  const dir = ctx.configDir()
  const [cfg, creds] = await Promise.all([loadConfig(dir), loadCredentials(dir)])
  return [...new Set([...Object.keys(cfg.profiles), ...Object.keys(creds.profiles)])].sort()
}

/** The saved profiles, for a hint. */
export async function profilesHint(ctx: Pick<ProfileRun, 'configDir'>): Promise<string> {
  const saved = await savedProfiles(ctx)
  return saved.length ? `saved profiles: ${saved.join(', ')}` : 'no profile is saved yet: `agentry config set …`'
}

/**
 * Refuses (exit 2, with the saved profiles) a --profile or AGENTRY_PROFILE that names no saved profile, before the
 * command `path` (its words below `agentry`: `config set`) runs.
 */
export async function checkProfileExists(ctx: ProfileRun, path: string): Promise<void> {
  const profile = ctx.profile()
  if (profile.source !== 'flag' && profile.source !== 'env') return
  if (profile.value === 'default' || ctx.emulator || mayCreate.has(path)) return
  const saved = await savedProfiles(ctx).catch(() => undefined)
  // a broken file is reported by the command that reads it, with its path and line
  if (!saved || saved.includes(profile.value)) return
  const guess = didYouMean(profile.value, saved)
  throw new UsageError(
    `${profile.origin}: no profile named ${profile.value}`,
    saved.length
      ? `${guess ? `${guess} ` : ''}saved profiles: ${saved.join(', ')}; create one with \`agentry --profile ${profile.value} login\` or \`config set\``
      : `no profile is saved yet; create one with \`agentry --profile ${profile.value} login\` or \`config set\``,
  )
}
