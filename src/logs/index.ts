// The local conversation log: whether it is on, where it is, and the chat session's recorder. Loaded only
// by `chat` and `logs` (node:sqlite costs nothing to any other command).
import type { Context } from '../context.js'
import { openLogDb } from './db.js'
import { logDbFile, stateDir } from '../config/paths.js'
import { ConversationRecorder } from './recorder.js'
import { LogStore } from './store.js'

/** Is the log on for this run? `AGENTRY_LOG=off` or `config set log off` turns it off. */
export async function logEnabled(ctx: Context): Promise<boolean> {
  return (await ctx.settings()).log?.value !== 'off'
}

/** The log file of this environment. */
export function logPath(ctx: Context): string {
  return logDbFile(stateDir(ctx.env))
}

/** Opens the log (created on first use); closed when the run ends. */
export async function openLogStore(ctx: Context): Promise<LogStore> {
  const db = await openLogDb(logPath(ctx))
  ctx.defer(() => db.close())
  return new LogStore(db)
}

/** A recorder for one chat session; `continuing` names a logged conversation the session goes on with. */
export async function createRecorder(
  ctx: Context,
  store: LogStore,
  continuing?: { id: string; messages: number },
): Promise<ConversationRecorder> {
  const settings = await ctx.settings()
  // secret values of this run that a message could quote: the credential (added when it loads) and AGENTRY_*
  // secrets from the environment
  for (const [k, v] of Object.entries(ctx.env)) if (/^AGENTRY_.*(KEY|TOKEN|SECRET)/.test(k)) ctx.redactor.add(v)
  return new ConversationRecorder(
    {
      store,
      info: { profile: ctx.profile().value, baseUrl: settings.baseUrl?.value as string | undefined },
      redact: (s) => ctx.redactor.text(s),
      warn: (m) => ctx.warn(m),
      now: () => ctx.now(),
    },
    continuing,
  )
}
