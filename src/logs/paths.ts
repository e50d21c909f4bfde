// Where local state lives (the conversation log, the input history): AGENTRY_STATE_DIR, else
// $XDG_STATE_HOME/agentry, else ~/.local/state/agentry (XDG Base Directory spec: "state data that should persist
// between (application) restarts, but that is not important or portable enough" for the data dir — logs, history).
import { homedir } from 'node:os'
import { join } from 'node:path'

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
