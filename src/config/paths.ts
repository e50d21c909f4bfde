// Where config and credentials live: AGENTRY_CONFIG_DIR, else $XDG_CONFIG_HOME/agentry, else ~/.config/agentry; and
// the cache (AGENTRY_CACHE_DIR, else $XDG_CACHE_HOME/agentry, else ~/.cache/agentry).
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The config directory for this environment. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.AGENTRY_CONFIG_DIR) return env.AGENTRY_CONFIG_DIR
  const xdg = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config')
  return join(xdg, 'agentry')
}

/** The settings file (no secrets in it). */
export const configFile = (dir: string) => join(dir, 'config.json')
/** The credentials file, mode 0600. */
export const credentialsFile = (dir: string) => join(dir, 'credentials.json')

/** The cache directory (answers `agentry test --cache` may reuse): AGENTRY_CACHE_DIR, else $XDG_CACHE_HOME/agentry, else ~/.cache/agentry. */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.AGENTRY_CACHE_DIR) return env.AGENTRY_CACHE_DIR
  // the XDG spec ignores a relative XDG_CACHE_HOME
  const xdg = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache')
  return join(xdg, 'agentry')
}
