// Where config and credentials live: AGENTRY_CONFIG_DIR, else $XDG_CONFIG_HOME/agentry, else ~/.config/agentry.
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
