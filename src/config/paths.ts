// Where config and credentials live: AGENTRY_CONFIG_DIR, else $XDG_CONFIG_HOME/agentry, else ~/.config/agentry; the
// cache (AGENTRY_CACHE_DIR, else $XDG_CACHE_HOME/agentry, else ~/.cache/agentry); and local state (the conversation
// log, the input history): AGENTRY_STATE_DIR, else $XDG_STATE_HOME/agentry, else ~/.local/state/agentry (XDG Base
// Directory spec: "state data that should persist between (application) restarts, but that is not important or
// portable enough" for the data dir — logs, history).
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

/** The state directory for this environment. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  if (env.AGENTRY_STATE_DIR) return env.AGENTRY_STATE_DIR
  // the spec ignores a relative XDG_STATE_HOME
  const xdg = env.XDG_STATE_HOME?.startsWith('/') ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state')
  return join(xdg, 'agentry')
}

/** The conversation log (SQLite). */
export const logDbFile = (dir: string) => join(dir, 'logs.db')

/** The interactive chat's input history. */
export const inputHistoryFile = (dir: string) => join(dir, 'history')
