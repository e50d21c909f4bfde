// Signing and webhook secrets (ARCHITECTURE.md "Secrets"): from a private file or the environment, never from argv,
// so they stay out of `ps`, shell history and CI logs. Shared by `scenario run|sign`, `webhook trigger`, `test` and
// the MCP server's run_scenario and trigger_webhook (the hidden `--secret` refusal is src/commands/secret-flag.ts).
import { readArgFile } from '../io/arg-file.js'
import { homedir } from 'node:os'
import { assertPrivate } from './read-file.js'
import type { Redactor } from '../api/redact.js'
import { UsageError } from '../errors.js'

/** What finding a secret needs of the run (the Context is one): its environment, and the redactor it adds to. */
interface SecretRun {
  readonly env: NodeJS.ProcessEnv
  readonly redactor: Redactor
}

/** A secret and where it came from (the source goes into hints; the value never does). */
export interface SourcedSecret {
  value: string
  source: string
}

/** `~/x` → the home directory's x (profile values, and MCP clients' argument lists, are not expanded by a shell). */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path
}

/** Reads a secret file: its first line, trimmed. A group/world-readable file is refused, like credentials files. */
async function readSecretFile(path: string, origin: string): Promise<string> {
  const file = expandHome(path)
  await assertPrivate(file)
  // a secret is a line, not a document: 64 KiB is far more than any, and bounds a mistaken /dev/zero
  const text = (await readArgFile(file, `${origin} ${file}`, 64 * 1024)).toString('utf8')
  const secret = text.split(/\r?\n/)[0]?.trim() ?? ''
  if (!secret) throw new UsageError(`${origin}: ${file} is empty`, 'put the secret on its first line')
  return secret
}

/** Where to look for a secret, in order: --secret-file, the environment variable, then the profile's file. */
export interface SecretSources {
  file?: string | undefined
  envName: string
  /** the path stored in the profile (`secretFile`), if that applies */
  profileFile?: { path: string; profile: string } | undefined
}

/** Finds a secret (flag > environment > profile, as commands.md "Precedence"); undefined when none is given. */
export async function findSecret(ctx: SecretRun, s: SecretSources): Promise<SourcedSecret | undefined> {
  let found: SourcedSecret | undefined
  if (s.file !== undefined) found = { value: await readSecretFile(s.file, '--secret-file'), source: '--secret-file' }
  else if (ctx.env[s.envName]?.trim()) found = { value: ctx.env[s.envName]!.trim(), source: s.envName }
  else if (s.profileFile) {
    const origin = `profile ${s.profileFile.profile}: secret-file`
    found = { value: await readSecretFile(s.profileFile.path, origin), source: origin }
  }
  if (found) ctx.redactor.add(found.value)
  return found
}

/** A note for "no secret" errors: an empty variable is the usual sign of a CI secret that is not set. */
export function emptyEnvNote(ctx: Pick<SecretRun, 'env'>, envName: string): string {
  return ctx.env[envName] !== undefined && !ctx.env[envName]?.trim() ? ` (${envName} is set but empty)` : ''
}
